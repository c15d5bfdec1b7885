import { forwardRef, type TextareaHTMLAttributes } from 'react';
import { cn } from '../../lib/utils.ts';
import { inputClass } from './input.tsx';

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea(
  { className, ...props },
  ref,
) {
  return <textarea ref={ref} className={cn(inputClass, 'min-h-20 resize-y', className)} {...props} />;
});
