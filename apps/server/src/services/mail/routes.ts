import {
  ZRecipient,
  ZRecipientQuery,
  ZSendMailRequest,
  ZSentMail,
  ZSentMailIdParams,
  ZSentMailQuery,
} from '@cargodesk/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate } from '../../platform/auth/auth-context.ts';
import { dataOf, listOf, signedInErrors, ZErrorBody } from '../../platform/http/http.ts';
import { createMailService, type TMailCaller } from './service.ts';

const errors = { ...signedInErrors, 400: ZErrorBody, 404: ZErrorBody } as const;

/** mail (docs/product.md §7): the mail composer's send, the sender's Sent list and its retry. */
export const registerMailRoutes = async (app: FastifyInstance) => {
  const service = createMailService({
    db: app.database.db,
    config: app.config,
    mailer: app.mailer,
    domainEvents: app.domainEvents,
    identityAdmin: app.identity.admin,
  });
  const callerOf = (request: FastifyRequest): TMailCaller => ({
    auth: request.caller,
    actor: request.auditActor,
  });
  // A body carries the HTML only; attachments are files already uploaded to files.
  app.addHook('onRequest', authenticate(app));
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/send',
    {
      config: { permission: 'mail:send' },
      schema: {
        summary: 'Send a mail',
        body: ZSendMailRequest,
        response: { 201: dataOf(ZSentMail), ...errors, 413: ZErrorBody, 429: ZErrorBody },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await service.send(callerOf(request), request.body) }),
  );

  routes.get(
    '/sent',
    {
      config: { permission: 'mail:send' },
      schema: {
        summary: 'List sent mail',
        querystring: ZSentMailQuery,
        response: { 200: listOf(ZSentMail), ...signedInErrors, 400: ZErrorBody },
      },
    },
    async (request) => service.listSent(request.caller, request.query),
  );

  routes.post(
    '/sent/:id/retry',
    {
      config: { permission: 'mail:send' },
      schema: {
        summary: 'Retry a failed mail',
        params: ZSentMailIdParams,
        response: { 200: dataOf(ZSentMail), ...errors, 409: ZErrorBody },
      },
    },
    async (request) => ({ data: await service.retry(callerOf(request), request.params.id) }),
  );

  routes.get(
    '/recipients',
    {
      config: { permission: 'mail:send' },
      schema: {
        summary: 'Suggest recipients',
        querystring: ZRecipientQuery,
        response: { 200: dataOf(z.array(ZRecipient)), ...signedInErrors, 400: ZErrorBody },
      },
    },
    async (request) => ({ data: await service.suggestRecipients(request.caller, request.query.q) }),
  );
};
