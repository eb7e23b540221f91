import { Fragment } from 'react';
import './legacy-detail.css';

/**
 * An id or a name of Monitor Detail (issue 17): it wraps only at a space or after a separator (`-`,
 * `_`, `.`, `/`, `:`), never inside a word, and its whole value is its tooltip.
 */
export function DetailId({ value }: { value: string }) {
  const parts = value.split(/(?<=[-_./:])/);
  return (
    <span className="legacy-detail-id" title={value}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
