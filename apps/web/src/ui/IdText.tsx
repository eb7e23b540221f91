import { Fragment } from 'react';
import './id-text.css';

/** After these a long id may wrap: its own separators, never inside a word or number. */
const BREAK_AFTER = /(?<=[_\-./])/;

/**
 * An id (job instance number, legacy id) shown whole (issue 17: not cut with "…"): when the column is
 * narrower it wraps only after `_`, `-`, `.` or `/`, and the full id is the hover title.
 */
export function IdText({
  value,
  className,
  strong = false,
}: {
  value: string;
  className?: string;
  strong?: boolean;
}) {
  if (!value) return <span>-</span>;
  const parts = value.split(BREAK_AFTER);
  const classes = ['lis-id-text', strong && 'lis-id-text-strong', className].filter(Boolean).join(' ');
  return (
    <span className={classes} title={value}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

/**
 * A free text (a run's message, a log line) whose ids wrap after their `_`, `-`, `.` or `/` rather
 * than inside a word (issue 31); the text itself wraps as any text does.
 */
export function TextWithIds({ text }: { text: string }) {
  const parts = text.split(BREAK_AFTER);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
