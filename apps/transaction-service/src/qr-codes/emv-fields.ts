// Reads one level of EMV MPM TLV data (two-digit id, two-digit length, value) into its fields,
// in order. Null when the text is not exactly a run of well-formed fields or repeats an id.
export function readEmvFields(text: string): ReadonlyMap<string, string> | null {
  const fields = new Map<string, string>();
  let offset = 0;
  while (offset < text.length) {
    const header = text.slice(offset, offset + 4);
    if (!/^\d{4}$/.test(header)) return null;
    const id = header.slice(0, 2);
    const length = Number(header.slice(2));
    const value = text.slice(offset + 4, offset + 4 + length);
    if (length === 0 || value.length !== length || fields.has(id)) return null;
    fields.set(id, value);
    offset += 4 + length;
  }
  return fields.size > 0 ? fields : null;
}
