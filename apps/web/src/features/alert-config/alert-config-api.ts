import type { AlertChannelWrite, AlertNamedKey, AlertRuleWrite } from '@lis/contracts';
import { call } from '../../platform/api/endpoint-client';

/** The query keys: a company's channels, a company's rules. */
export const alertConfigKeys = {
  all: ['alert-config'] as const,
  channels: (company: string) => ['alert-config', 'channels', company] as const,
  rules: (company: string) => ['alert-config', 'rules', company] as const,
};

export function fetchChannels(company: string, signal?: AbortSignal) {
  return call('GET /v1/alert-channels', { query: { company_code: company }, signal });
}

/** POST creates, PUT replaces (by company and name); a secret left out on PUT is kept as stored. */
export function saveChannel(mode: 'add' | 'edit', body: AlertChannelWrite) {
  return mode === 'add'
    ? call('POST /v1/alert-channels', { body })
    : call('PUT /v1/alert-channels', { body });
}

export function deleteChannel(key: AlertNamedKey) {
  return call('DELETE /v1/alert-channels', { query: key });
}

/** POST /v1/alert-channels/test: a test alert through the saved channel; the receiver's answer. */
export function testChannel(key: AlertNamedKey) {
  return call('POST /v1/alert-channels/test', { body: key });
}

export function fetchRules(company: string, signal?: AbortSignal) {
  return call('GET /v1/alert-rules', { query: { company_code: company }, signal });
}

export function saveRule(mode: 'add' | 'edit', body: AlertRuleWrite) {
  return mode === 'add' ? call('POST /v1/alert-rules', { body }) : call('PUT /v1/alert-rules', { body });
}

export function deleteRule(key: AlertNamedKey) {
  return call('DELETE /v1/alert-rules', { query: key });
}
