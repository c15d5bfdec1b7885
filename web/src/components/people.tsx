import type { ReactNode } from 'react';
import { EllipsisVertical, LoaderCircle, Search } from 'lucide-react';
import { UserAvatar } from './ui/avatar.tsx';
import { Button } from './ui/button.tsx';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from './ui/dropdown-menu.tsx';
import { Input } from './ui/input.tsx';
import { useT } from '../lib/i18n.tsx';
import { cn } from '../lib/utils.ts';
import { BotBadge } from './BotBadge.tsx';

// The pieces of every list of people (search, a group's new members, a group's members, the operators' users):
// one search field, one person line, one ⋮ menu of actions. The data-testids are the callers' (e2e/ reads them).

export interface PeopleSearchFieldProps {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** The field's accessible name; the placeholder when not given. */
  label?: string;
  /** Waiting for the pause after typing, or for the answer: a spinner at the end. */
  searching: boolean;
  testId: string;
  spinnerTestId?: string;
  autoFocus?: boolean;
  className?: string;
  /** After the spinner (a clear button). */
  trailing?: ReactNode;
}

/** A search field for people: a magnifier before, a spinner while searching after. */
export function PeopleSearchField({ value, onChange, placeholder, label = placeholder, searching, testId, spinnerTestId, autoFocus, className, trailing }: PeopleSearchFieldProps) {
  const t = useT();
  return (
    <div className="relative">
      <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
      <Input
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        aria-label={label}
        className={cn('ps-9', className)}
        autoComplete="off"
        autoFocus={autoFocus}
        data-testid={testId}
      />
      <span className={cn('absolute inset-y-0 end-0 flex items-center gap-1', !trailing && 'pe-3')}>
        {searching && <LoaderCircle className="size-4 animate-spin text-primary" aria-label={t('userSearch.searching')} data-testid={spinnerTestId} />}
        {trailing}
      </span>
    </div>
  );
}

/** A person: avatar, name (and what follows it), and a second line. */
export function PersonLine({ username, bot, detail, nameExtra, avatarClassName = 'size-9', nameClassName = 'text-sm', detailTestId }: {
  username: string;
  /** A bot account: the "BOT" badge after the name. */
  bot?: boolean | undefined;
  detail?: ReactNode;
  nameExtra?: ReactNode;
  avatarClassName?: string;
  nameClassName?: string;
  detailTestId?: string;
}) {
  return (
    <>
      <UserAvatar username={username} className={avatarClassName} />
      <span className="min-w-0 flex-1">
        <span className={cn('block truncate font-medium', nameClassName)}>
          {username}{bot && <> <BotBadge /></>}{nameExtra && <> {nameExtra}</>}
        </span>
        {detail !== undefined && <span className="block truncate text-xs text-muted-foreground" data-testid={detailTestId}>{detail}</span>}
      </span>
    </>
  );
}

export interface PersonAction {
  label: string;
  icon: ReactNode;
  onSelect: () => void;
  testId: string;
  destructive?: boolean;
  disabled?: boolean;
}

/** The ⋮ menu of what can be done to a person. */
export function PersonActions({ label, testId, actions, className }: { label: string; testId: string; actions: PersonAction[]; className?: string }) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className={className} aria-label={label} data-testid={testId}>
          <EllipsisVertical aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-48">
        {actions.map((action) => (
          <DropdownMenuItem
            key={action.testId}
            onSelect={action.onSelect}
            disabled={action.disabled}
            className={action.destructive ? 'text-destructive data-[highlighted]:text-destructive [&_svg]:text-destructive' : undefined}
            data-testid={action.testId}
          >
            {action.icon}
            {action.label}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
