import { useSyncExternalStore } from 'react';
import { formatInstant, type TimeZoneChoice } from './time.js';

// UTC or local, remembered per browser. Only this choice is stored (localStorage, and only once
// a person changes it): never the key or anything the API answered.
const STORAGE_KEY = 'console.timeZone';
const listeners = new Set<() => void>();

function storedChoice(): TimeZoneChoice {
  return localStorage.getItem(STORAGE_KEY) === 'local' ? 'local' : 'UTC';
}

export function chooseTimeZone(choice: TimeZoneChoice): void {
  localStorage.setItem(STORAGE_KEY, choice);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useTimeZoneChoice = (): TimeZoneChoice => useSyncExternalStore(subscribe, storedChoice);

// For text that is not a <Time> element (labels, sentences): formats in the chosen zone and
// renders again when the choice changes.
export function useFormatInstant(): (iso: string | null) => string {
  const zone = useTimeZoneChoice();
  return (iso) => formatInstant(iso, zone);
}
