import { Avatar, AvatarFallback } from './ui/avatar.tsx';
import { cn } from '../lib/utils.ts';

/** A group's avatar: the initials of its name on a rounded square (people's avatars are round). */
export function GroupAvatar({ initials, className }: { initials: string; className?: string }) {
  return (
    <Avatar className={cn('rounded-2xl', className)} data-testid="group-avatar">
      <AvatarFallback className="rounded-2xl bg-gradient-to-br from-teal-500 to-primary">{initials}</AvatarFallback>
    </Avatar>
  );
}
