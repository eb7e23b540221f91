import { parseChainMembers, type ChainJob } from '@lis/contracts';
import { describe, expect, it } from 'vitest';
import { chainJobFormValues, joinLegacyList, toChainJobWrite } from './chain-job-form';

const chain: ChainJob = {
  companyCode: 'A',
  chainId: 'NIGHT',
  chainName: 'Nightly',
  legacyList: 'J1,Job one| J2 , Job two |J3',
  isActive: 'true',
  cronTrigger: '0 0 1 * * ?',
  importantJob: 'true',
};

describe('chain job form', () => {
  it('reads the members in order, a name-less entry included', () => {
    expect(parseChainMembers(chain.legacyList)).toEqual([
      { legacyId: 'J1', legacyName: 'Job one' },
      { legacyId: 'J2', legacyName: 'Job two' },
      { legacyId: 'J3', legacyName: '' },
    ]);
    expect(parseChainMembers('')).toEqual([]);
  });

  it('joins the chosen rows as id,name|id,name, skipping empty rows and separators in names', () => {
    expect(
      joinLegacyList([
        { legacyId: 'J1', legacyName: 'Job one' },
        { legacyId: undefined, legacyName: '' },
        { legacyId: 'J2', legacyName: 'a|b,c' },
      ]),
    ).toBe('J1,Job one|J2,a b c');
  });

  it('a template keeps everything but the chain id', () => {
    const values = chainJobFormValues(chain, true);
    expect(values.ChainId).toBe('');
    expect(toChainJobWrite({ ...values, ChainId: ' COPY ' })).toEqual({
      Sid: '555',
      CompanyCode: 'A',
      ChainId: 'COPY',
      ChainName: 'Nightly',
      IsActive: 'true',
      ImportantJob: 'true',
      LegacyList: 'J1,Job one|J2,Job two|J3,',
      CronTrigger: '0 0 1 * * ?',
      TriggerCalendars: '',
    });
    expect(chainJobFormValues({ ...chain, legacyList: '' }).members).toEqual([
      { legacyId: undefined, legacyName: '' },
    ]);
  });
});
