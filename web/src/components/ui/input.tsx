import { forwardRef, type InputHTMLAttributes } from 'react';
import { cn } from '../../lib/utils.ts';

export const inputClass =
  'flex w-full rounded-lg border border-input bg-card px-3 py-2 text-base shadow-xs transition-colors sm:text-sm ' +
  'placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring ' +
  'disabled:cursor-not-allowed disabled:opacity-50 read-only:bg-muted read-only:text-muted-foreground';

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input(
  { className, type = 'text', ...props },
  ref,
) {
  return <input ref={ref} type={type} className={cn(inputClass, 'h-10', className)} {...props} />;
});
