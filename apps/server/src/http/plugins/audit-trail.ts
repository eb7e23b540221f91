import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuditRepository } from '../../modules/audit/audit.repository.js';
import type { Clock } from '../../platform/clock.js';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function companyOf(request: FastifyRequest): string | null {
  for (const container of [request.body, request.query]) {
    if (container && typeof container === 'object') {
      const record = container as Record<string, unknown>;
      const value = record.company_code ?? record.companycode;
      if (typeof value === 'string') return value;
    }
  }
  return null;
}

/**
 * An audit-log row for every mutating call: who, when, what, and how it ended. Never the body.
 * Written before the answer leaves (onSend, when the status is known), so a caller that reads after
 * its save — the Expected Run Job reads the switch-ons from this trail — finds the row there, and its
 * time is the request's, not a moment after the caller has gone on.
 */
export function installAuditTrail(app: FastifyInstance, audit: AuditRepository, clock: Clock): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (
      !MUTATING.has(request.method) ||
      request.routeOptions.config.audit === false ||
      !request.routeOptions.url
    )
      return payload;
    try {
      await audit.record({
        at: clock.now(),
        username: request.identity?.username ?? null,
        method: request.method,
        route: request.routeOptions.url,
        statusCode: reply.statusCode,
        companyCode: companyOf(request),
        target: request.auditTarget ?? null,
        details: request.auditDetails ?? null,
        ip: request.ip,
      });
    } catch (error) {
      request.log.error({ err: error }, 'could not write the audit log');
    }
    return payload;
  });
}
