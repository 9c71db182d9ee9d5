import { useTranslate } from 'react-admin';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The log's own words: `operationLog.entities.*`, `operationLog.actions.*` (i18n/tenant/operator/). */
const L = 'operationLog';

/** A record kind in words (`tenantBinding` → 租户绑定); an unknown one as written. */
export const entityText = (translate: Translate, entity: string) => translate(`${L}.entities.${entity}`, { _: entity });

/**
 * An action in words (`resolve` → 处理); an action with a detail after a colon (`unbind:refund`,
 * `attach:water`) reads as its action and its detail (解绑（退款结算）); an unknown one as written.
 */
export function actionText(translate: Translate, action: string): string {
  const whole = translate(`${L}.actions.${action.replace(/[.:+]/g, '_')}`, { _: '' });
  if (whole) return whole;
  const [head, ...rest] = action.split(':');
  if (!rest.length) return translate(`${L}.actions.${head.replace(/[.+]/g, '_')}`, { _: action });
  const detail = rest.join(':');
  return translate(`${L}.withDetail`, {
    action: translate(`${L}.actions.${head}`, { _: head }),
    detail: translate(`${L}.details.${detail}`, { _: detail }),
  });
}

/**
 * Who did it: an operator's account, or a tenant on their own page (the tenant side writes no user,
 * and `租户 138****5678` as the name: the phone in the operator's language).
 */
export function userText(translate: Translate, record: { userId: number | null; userName: string | null }): string {
  const tenant = record.userId === null ? /^租户\s*(.+)$/.exec(record.userName ?? '') : null;
  if (tenant) return translate(`${L}.tenantUser`, { phone: tenant[1] });
  return record.userName ?? '';
}

export function EntityText({ value }: { value: string }) {
  const translate = useTranslate();
  return <>{entityText(translate, value)}</>;
}

export function ActionText({ value }: { value: string }) {
  const translate = useTranslate();
  return <>{actionText(translate, value)}</>;
}

export function UserText({ record }: { record: { userId: number | null; userName: string | null } }) {
  const translate = useTranslate();
  return <>{userText(translate, record)}</>;
}
