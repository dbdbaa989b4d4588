import {
  PHONE_CODE_SENT,
  PHONE_CODE_SHOWN,
  phoneCodeSentSchema,
  PHONE_VERIFIED,
  phoneCodeConfirmSchema,
  phoneCodeRequestSchema,
  phoneStatusSchema,
} from '@mtumba/contract/sms';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorReplies, signedInUser } from '../../lib/http.js';
import { normaliseKenyanPhone } from '../../lib/phone.js';
import { withinLimits } from '../../lib/limits.js';
import { phoneVerificationService, type PhoneVerificationDeps } from './service.js';

const errors = errorReplies(401, 404, 409, 422, 429);
const tags = ['account'];

/**
 * Verifying the customer's phone by a code sent in a text message (with Africa's Talking
 * configured), or shown on screen in the development sandbox.
 */
const smsRoutes: FastifyPluginAsyncZod<{ verification: Pick<PhoneVerificationDeps, 'markPhoneVerified'> }> = async (
  app,
  options,
) => {
  const phones = phoneVerificationService({ db: app.db, config: app.config, ...options.verification });
  const { smsCodes } = app.config.sendLimits;
  const codesPerPhone = app.keyedLimit('sms-code-phone', {
    max: smsCodes.perPhone,
    windowSeconds: smsCodes.windowMinutes * 60,
  });
  const codesPerAccount = app.keyedLimit('sms-code-account', {
    max: smsCodes.perAccount,
    windowSeconds: smsCodes.windowMinutes * 60,
  });

  app.get(
    '/user/phone',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Whether texts are enabled and the customer’s verified phone',
        response: { 200: phoneStatusSchema, ...errors },
      },
    },
    async (request) => phones.status(signedInUser(request).id),
  );

  app.post(
    '/user/phone/code',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary:
          'Send a 6-digit code by SMS to the phone to verify (one a minute, a few per phone and account an hour: 429; 404 when texts are off)',
        body: phoneCodeRequestSchema,
        response: { 200: phoneCodeSentSchema, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      // Each code is a text to someone's phone: a few per phone and per account in a window (a bad
      // number is left to the service's own message). Every request that gets this far counts.
      const phone = app.config.sms || app.config.smsSandbox ? normaliseKenyanPhone(request.body.phone) : undefined;
      if (phone) {
        await withinLimits([
          { limit: codesPerPhone, key: phone, refusal: 'Too many verification codes have been sent to this phone.' },
          {
            limit: codesPerAccount,
            key: String(user.id),
            refusal: 'Too many verification codes have been asked for from this account.',
          },
        ]);
      }
      const { sandboxCode } = await phones.requestCode(user.id, request.body.phone, user.language);
      return sandboxCode === undefined
        ? { message: PHONE_CODE_SENT }
        : { message: PHONE_CODE_SHOWN, sandbox_code: sandboxCode };
    },
  );

  app.post(
    '/user/phone/verify',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: 'Check the code from the text message; a right code verifies the phone',
        body: phoneCodeConfirmSchema,
        response: { 200: phoneStatusSchema.extend({ message: z.string() }), ...errors },
      },
    },
    async (request) => ({
      message: PHONE_VERIFIED,
      ...(await phones.confirmCode(signedInUser(request).id, request.body.code)),
    }),
  );
};

export default smsRoutes;
