/**
 * The SMS notices a tenant may have (issue 42), what console and server agree on: the kinds, the
 * tenant's switch each one answers to, and the wording used when no SMS template of the area is marked
 * as that kind's (smsmanage: a template's `noticeKind`). Placeholders: common/sms.ts.
 */

export const NOTICE_KINDS = ['lowBalance1', 'lowBalance2', 'daysLeft', 'credited', 'supplyCut', 'supplyRestored'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** The tenant's switches (tenant_notice_settings) and the kinds each one turns on or off. */
export const NOTICE_SWITCHES = { lowBalance: ['lowBalance1', 'lowBalance2'], daysLeft: ['daysLeft'], credited: ['credited'], supply: ['supplyCut', 'supplyRestored'] } as const satisfies Record<string, readonly NoticeKind[]>;
export type NoticeSwitch = keyof typeof NOTICE_SWITCHES;
export const switchOf = (kind: NoticeKind) => (Object.keys(NOTICE_SWITCHES) as NoticeSwitch[]).find((name) => (NOTICE_SWITCHES[name] as readonly NoticeKind[]).includes(kind))!;

/** A tenant's choices when they have made none. */
export const DEFAULT_NOTICE_SETTINGS = { lowBalance: true, daysLeft: true, daysLeftThreshold: 3, credited: true, supply: true };
/** The days-left threshold a tenant may choose. */
export const DAYS_LEFT_THRESHOLD = { min: 1, max: 30 };

/** The wording of each kind when the area has no template for it ({utility} reads 电费 / 水费, {action} 断电 / 关阀). */
export const DEFAULT_NOTICE_TEXTS: Record<NoticeKind, string> = {
  lowBalance1: '【{utility}提醒】{tenant}您好，{room}的{utility}余额为{balance}元，已低于一级报警金额{level}元，请及时充值。',
  lowBalance2: '【{utility}提醒】{tenant}您好，{room}的{utility}余额为{balance}元，已低于二级报警金额{level}元，欠费将自动{action}，请尽快充值。',
  daysLeft: '【{utility}提醒】{tenant}您好，按近30天的用量，{room}的{utility}余额{balance}元预计还可用{days}天（至{until}），请及时充值。',
  credited: '【充值到账】{tenant}您好，{room}的{utility}充值{credit}元已到账，当前余额{balance}元。',
  supplyCut: '【{utility}提醒】{tenant}您好，{room}已{action}，当前余额{balance}元。如为欠费，充值后将自动恢复。',
  supplyRestored: '【{utility}提醒】{tenant}您好，{room}已恢复供应，当前余额{balance}元。',
};
