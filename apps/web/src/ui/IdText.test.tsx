import { act, render, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { IdText } from './IdText';
import { useShownColumns } from './useShownColumns';

describe('IdText', () => {
  it('shows the whole id, breakable only after its separators, with the id as the hover title', () => {
    const { container } = render(<IdText value="MON-DOCERR_20261125141500_ab12" />);
    const span = container.firstElementChild as HTMLElement;
    expect(span.textContent).toBe('MON-DOCERR_20261125141500_ab12');
    expect(span.title).toBe('MON-DOCERR_20261125141500_ab12');
    // A break opportunity after "-" and each "_", none inside "DOCERR" or the time stamp.
    expect(span.innerHTML).toBe('MON-<wbr>DOCERR_<wbr>20261125141500_<wbr>ab12');
  });

  it("shows '-' for no id", () => {
    const { container } = render(<IdText value="" />);
    expect(container.textContent).toBe('-');
  });
});

describe('useShownColumns', () => {
  const OPTIONAL = ['a', 'b', 'c'] as const;
  beforeEach(() => localStorage.clear());

  it('starts with the defaults, keeps the choice in localStorage, and always shows the other columns', () => {
    const { result } = renderHook(() => useShownColumns('KEY', OPTIONAL, ['b']));
    expect(result.current.shown).toEqual(['b']);
    expect(result.current.isShown('a')).toBe(false);
    expect(result.current.isShown('always')).toBe(true);
    act(() => result.current.setShown(['c', 'a']));
    expect(result.current.shown).toEqual(['a', 'c']);
    expect(JSON.parse(localStorage.getItem('KEY') ?? 'null')).toEqual(['a', 'c']);
    const again = renderHook(() => useShownColumns('KEY', OPTIONAL, ['b']));
    expect(again.result.current.shown).toEqual(['a', 'c']);
  });

  it('ignores a stored choice that is not a list, and keys it does not know', () => {
    localStorage.setItem('KEY', '{"a":true}');
    expect(renderHook(() => useShownColumns('KEY', OPTIONAL)).result.current.shown).toEqual([]);
    localStorage.setItem('KEY', '["gone","b"]');
    expect(renderHook(() => useShownColumns('KEY', OPTIONAL)).result.current.shown).toEqual(['b']);
  });
});
