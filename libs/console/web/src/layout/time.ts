// A time as the person's browser writes it; a dash for none.
export const formatTime = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');
