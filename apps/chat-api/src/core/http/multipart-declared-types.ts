// Whether each file part of a multipart body declared its own Content-Type, in the body's
// order. The fetch API's parser reports `text/plain` for a part that declared none (python
// `zulip` sends none), which Django reports as no type; telling them apart lets an undeclared
// file be typed by its name, as Zulip's get_file_info does.
export function fileDeclaresType(body: Buffer, contentType: string): boolean[] {
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (!boundary) return [];
  const delimiter = `--${boundary[1] ?? boundary[2]}`;
  const declared: boolean[] = [];
  for (const part of body.toString('latin1').split(delimiter).slice(1)) {
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd < 0) continue;
    const headers = part.slice(0, headerEnd);
    if (!/^content-disposition:[^\r\n]*\bfilename\*?=/im.test(headers)) continue;
    declared.push(/^content-type:/im.test(headers));
  }
  return declared;
}
