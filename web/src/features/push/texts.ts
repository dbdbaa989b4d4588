/**
 * Every word the phone-notification controls show, in the catalog part `push` (docs/product.md,
 * Notifications on this phone), in the language of the page.
 */
import messages from '@/i18n/catalogs/en/push.json';
import { tOf } from '@/i18n';

const t = tOf(messages);

export const pushTexts = {
  get heading() {
    return t('push.heading');
  },
  get label() {
    return t('push.label');
  },
  hint: {
    get order() {
      return t('push.hint.order');
    },
    get account() {
      return t('push.hint.account');
    },
    get admin() {
      return t('push.hint.admin');
    },
  },
  get on() {
    return t('push.on');
  },
  get off() {
    return t('push.off');
  },
  get working() {
    return t('push.working');
  },
  get unsupported() {
    return t('push.unsupported');
  },
  get insecure() {
    return t('push.insecure');
  },
  get blocked() {
    return t('push.blocked');
  },
  get notReady() {
    return t('push.notReady');
  },
  get refused() {
    return t('push.refused');
  },
  get failed() {
    return t('push.failed');
  },
  get offFailed() {
    return t('push.offFailed');
  },
};

export type PushContext = keyof typeof pushTexts.hint;
