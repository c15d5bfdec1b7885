import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/** Up to two capital letters from a username: 'ana' -> 'A', 'ana maria' -> 'AM', 'bruno_silva' -> 'BS'. */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').split(/[\s._-]+/u).filter((w) => /\p{L}|\p{N}/u.test(w));
  const result = words.slice(0, 2).map(firstChar).join('').toLocaleUpperCase();
  return result || '?';
}

function firstChar(word: string): string {
  const match = /[\p{L}\p{N}]/u.exec(word);
  return match ? match[0] : '';
}
