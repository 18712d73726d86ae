import {
  ZBaseCurrency,
  ZBaseCurrencyInput,
  ZCountrySetting,
  ZCountrySettingsQuery,
  ZCountrySettingsUpdate,
  ZCurrencySetting,
  ZCurrencySettingsQuery,
  ZCurrencySettingsUpdate,
  ZExchangeRate,
  ZExchangeRateAtQuery,
  ZExchangeRateCorrection,
  ZExchangeRateHistoryQuery,
  ZExchangeRateInput,
} from '@cargodesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataOf, listOf, signedInErrors, ZErrorBody } from '../../../platform/http/http.ts';
import { createSettingsService } from './service.ts';
import { startCompanyCurrencies } from './starting-currencies.ts';

const errors = { ...signedInErrors, 400: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody } as const;
const ZRateParams = z.object({ id: z.uuid('must be an exchange rate id') }).strict();

/**
 * A company's countries (countries:read/write) and currencies with exchange rates
 * (currencies:read/write). The start-up lists GET /country and /currency-list stay global.
 */
export const registerSettingsRoutes = async (app: FastifyInstance) => {
  const service = createSettingsService(app.database);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  app.domainEvents.on('company-created', (tx, { companyId }) => startCompanyCurrencies(tx, companyId));

  routes.get(
    '/country-settings',
    {
      config: { permission: 'countries:read' },
      schema: {
        summary: 'List the company’s country settings',
        querystring: ZCountrySettingsQuery,
        response: { 200: listOf(ZCountrySetting), ...errors },
      },
    },
    async (request) => service.listCountrySettings(request.caller, request.query),
  );
  routes.put(
    '/country-settings',
    {
      config: { permission: 'countries:write' },
      schema: {
        summary: 'Save the company’s country settings',
        body: ZCountrySettingsUpdate,
        response: { 200: dataOf(z.array(ZCountrySetting)), ...errors },
      },
    },
    async (request) => ({
      data: await service.updateCountrySettings(request.caller, request.auditActor, request.body),
    }),
  );

  routes.get(
    '/currency-settings',
    {
      config: { permission: 'currencies:read' },
      schema: {
        summary: 'List the company’s currency settings',
        querystring: ZCurrencySettingsQuery,
        response: { 200: listOf(ZCurrencySetting), ...errors },
      },
    },
    async (request) => service.listCurrencySettings(request.caller, request.query),
  );
  routes.put(
    '/currency-settings',
    {
      config: { permission: 'currencies:write' },
      schema: {
        summary: 'Save the company’s currency settings',
        body: ZCurrencySettingsUpdate,
        response: { 200: dataOf(z.array(z.object({ code: z.string(), isEnabled: z.boolean() }))), ...errors },
      },
    },
    async (request) => ({
      data: await service.updateCurrencySettings(request.caller, request.auditActor, request.body),
    }),
  );
  routes.get(
    '/currency-settings/base',
    {
      config: { permission: 'currencies:read' },
      schema: { summary: 'Get the base currency', response: { 200: dataOf(ZBaseCurrency), ...errors } },
    },
    async (request) => ({ data: await service.getBaseCurrency(request.caller) }),
  );
  routes.put(
    '/currency-settings/base',
    {
      config: { permission: 'currencies:write' },
      schema: {
        summary: 'Set the base currency',
        body: ZBaseCurrencyInput,
        response: { 200: dataOf(ZBaseCurrency), ...errors },
      },
    },
    async (request) => ({
      data: await service.setBaseCurrency(request.caller, request.auditActor, request.body.baseCurrency),
    }),
  );

  routes.get(
    '/exchange-rates',
    {
      config: { permission: 'currencies:read' },
      schema: {
        summary: 'List exchange rates',
        querystring: ZExchangeRateHistoryQuery,
        response: { 200: listOf(ZExchangeRate), ...errors },
      },
    },
    async (request) => service.listExchangeRates(request.caller, request.query),
  );
  routes.get(
    '/exchange-rates/at',
    {
      config: { permission: 'currencies:read' },
      schema: {
        summary: 'Get the exchange rate in force at a date',
        querystring: ZExchangeRateAtQuery,
        response: { 200: dataOf(ZExchangeRate), ...errors },
      },
    },
    async (request) => ({ data: await service.exchangeRateAt(request.caller, request.query) }),
  );
  routes.post(
    '/exchange-rates',
    {
      config: { permission: 'currencies:write' },
      schema: {
        summary: 'Add an exchange rate',
        body: ZExchangeRateInput,
        response: { 201: dataOf(ZExchangeRate), ...errors },
      },
    },
    async (request, reply) => {
      const rate = await service.addExchangeRate(request.caller, request.auditActor, request.body);
      return reply.status(201).send({ data: rate });
    },
  );
  routes.patch(
    '/exchange-rates/:id',
    {
      config: { permission: 'currencies:write' },
      schema: {
        summary: 'Correct an exchange rate',
        params: ZRateParams,
        body: ZExchangeRateCorrection,
        response: { 200: dataOf(ZExchangeRate), ...errors },
      },
    },
    async (request) => ({
      data: await service.correctExchangeRate(
        request.caller,
        request.auditActor,
        request.params.id,
        request.body,
      ),
    }),
  );
  routes.delete(
    '/exchange-rates/:id',
    {
      config: { permission: 'currencies:write' },
      schema: {
        summary: 'Delete an exchange rate',
        params: ZRateParams,
        response: { 200: dataOf(z.object({ deleted: z.literal(true) })), ...errors },
      },
    },
    async (request) => ({
      data: await service.deleteExchangeRate(request.caller, request.auditActor, request.params.id),
    }),
  );
};
