// The uploads a rendered message links (Zulip's potential_attachment_path_ids): the path ids of
// its `/user_uploads/…` links (written relative by the renderer), code and text aside.
const UPLOAD_LINK = /href="\/?user_uploads\/(\d+\/[^"?#]+)"/g;

export function linkedUploadPathIds(renderedHtml: string): string[] {
  const pathIds = new Set<string>();
  for (const [, encoded] of renderedHtml.matchAll(UPLOAD_LINK)) {
    const pathId = decodedPath(encoded as string);
    if (pathId !== undefined) pathIds.add(pathId);
  }
  return [...pathIds];
}

function decodedPath(encoded: string): string | undefined {
  try {
    return decodeURIComponent(encoded.replace(/&amp;/g, '&'));
  } catch {
    return undefined;
  }
}
