import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { auditEvents } from '../src/db/schema/index.ts';

// Helpers the route tests share. Each takes a getter, since the app starts in a beforeAll after the
// helper is declared.

export type THttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Calls `base + url` as the holder of `token` (none: signed out), with a JSON body when given. */
export const routeCaller =
  (appOf: () => FastifyInstance, base: string) =>
  (method: THttpMethod, url: string, token?: string, body?: object, headers: Record<string, string> = {}) =>
    appOf().inject({
      method,
      url: `${base}${url}`,
      headers: { ...(token ? { authorization: token } : {}), ...headers },
      ...(body ? { payload: body } : {}),
    });

/** A company's audit entries about one entity, or of one entity type, oldest first. */
export const auditReader =
  (dbOf: () => Db) => (companyId: string, about: { entityId: string } | { entityType: string }) =>
    dbOf()
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.companyId, companyId),
          'entityId' in about
            ? eq(auditEvents.entityId, about.entityId)
            : eq(auditEvents.entityType, about.entityType),
        ),
      )
      .orderBy(asc(auditEvents.occurredAt), asc(auditEvents.id));

type TAnswer = { statusCode: number; body: string; json: () => unknown };

/** What a refused call answers: `{ error: { code, message, details } }`. */
export type TRouteError = {
  code: string;
  message: string;
  details?: { fields?: { field: string; message: string; params?: Record<string, unknown> }[] } & Record<
    string,
    unknown
  >;
};

/** The `data` of a call's answer, once its status is `status` (the body shows when it is not). */
export const answeredData = async <T>(response: Promise<TAnswer>, status = 200) => {
  const answered = await response;
  expect(answered.statusCode, answered.body).toBe(status);
  return (answered.json() as { data: T }).data;
};

/** The `error` of a refused call, once its status is `status`. */
export const answeredError = async (response: Promise<TAnswer>, status: number) => {
  const answered = await response;
  expect(answered.statusCode, answered.body).toBe(status);
  return (answered.json() as { error: TRouteError }).error;
};
