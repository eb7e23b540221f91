import { useState } from 'react';

/** Where the timeline's shown / hidden state is kept (per browser, like the side menu's). */
export const TIMELINE_COLLAPSED_KEY = 'lis.dayTimeline.collapsed';

/** Whether the day timeline is hidden, remembered in localStorage across screens and reloads. */
export function useTimelineCollapsed(): [boolean, (next: boolean) => void] {
  const [collapsed, setCollapsed] = useState(
    () => globalThis.localStorage?.getItem(TIMELINE_COLLAPSED_KEY) === 'true',
  );
  const change = (next: boolean) => {
    globalThis.localStorage?.setItem(TIMELINE_COLLAPSED_KEY, String(next));
    setCollapsed(next);
  };
  return [collapsed, change];
}
