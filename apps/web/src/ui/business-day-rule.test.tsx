import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nProvider } from '../platform/i18n/I18nProvider';
import { LANGUAGE_STORAGE_KEY } from '../platform/i18n/language';
import { englishOrdinal, useBusinessDayRuleText } from './business-day-rule';

const wrapper = ({ children }: { children: ReactNode }) => <I18nProvider>{children}</I18nProvider>;
const words = () => renderHook(() => useBusinessDayRuleText(), { wrapper }).result.current;

afterEach(() => localStorage.clear());

describe('business-day rules in words', () => {
  it('English ordinals', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23].map(englishOrdinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
    ]);
  });

  it('reads the text form and the rule alike; text that is no rule stays as it is', () => {
    const say = words();
    expect(say('nth=3')).toBe('3rd business day of the month');
    expect(say({ rule: 'nth', n: -1 })).toBe('Last business day of the month');
    expect(say('nth=-2')).toBe('2nd-to-last business day of the month');
    expect(say('shift=next')).toBe('If excluded: next business day');
    expect(say('shift=previous')).toBe('If excluded: previous business day');
    expect(say('weekly=odd')).toBe('weekly=odd');
  });

  it('in Thai', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'th');
    const say = words();
    expect(say('nth=3')).toBe('วันทำการที่ 3 ของเดือน');
    expect(say('nth=-1')).toBe('วันทำการสุดท้ายของเดือน');
    expect(say('nth=-4')).toBe('วันทำการที่ 4 นับจากสิ้นเดือน');
    expect(say('shift=next')).toBe('ถ้าตรงวันหยุด: เลื่อนไปวันทำการถัดไป');
  });
});
