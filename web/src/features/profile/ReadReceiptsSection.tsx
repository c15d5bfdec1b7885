import { ProfileSwitch } from './ProfileSwitch.tsx';

/** Profile -> "Read receipts" (on by default): off, others don't see my reads and I don't see theirs. */
export function ReadReceiptsSection() {
  return (
    <ProfileSwitch
      field="read_receipts" defaultOn title="chat.readReceipts" hint="chat.readReceiptsHint"
      testId="read-receipts" failed="chat.groupChangeFailed"
    />
  );
}
