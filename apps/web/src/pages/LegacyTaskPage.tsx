import { LegacyTask } from '../features/legacy-task';

/** Route /legacytask: every signed-in user; the server limits the runs to the user's companies. */
export function LegacyTaskPage() {
  return <LegacyTask />;
}
