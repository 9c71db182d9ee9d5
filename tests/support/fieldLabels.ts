import { fieldText } from '../../server/http/fieldLabels';
import type { Lang } from '../../server/http/i18n';

/**
 * A message naming this field of this resource's calls, as the console's forms label it
 * (server/http/fieldLabels.ts): `namesField('room', 'roomCode')` matches `房间号：…`. The labels of
 * one call's fields differ (tests/server/fieldLabels.test.ts), so the match tells which field failed.
 */
export const namesField = (resource: string, field: string, lang: Lang = 'zh-chs') =>
  new RegExp(`^${fieldText(lang, resource, field, '').replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`);
