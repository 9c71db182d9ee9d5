import { useTranslate } from 'react-admin';
import { Box, Chip, Tooltip, Typography } from '@mui/material';
import { SMS_CONTENT_MAX, SMS_NOTICE_PLACEHOLDERS, SMS_PLACEHOLDERS, unknownPlaceholders } from '../../../../common/sms';

/** The placeholders as chips: a click inserts one into the text. */
export function PlaceholderChips({ onInsert }: { onInsert: (token: string) => void }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, alignItems: 'center', mt: 0.5 }}>
      <Tooltip title={translate('sms.placeholders.help')}>
        <Typography variant="caption" color="text.secondary">{translate('sms.placeholders.title')}</Typography>
      </Tooltip>
      {SMS_PLACEHOLDERS.map((name) => (
        <Chip
          key={name} size="small" variant="outlined" clickable
          label={`{${name}} ${translate(`sms.placeholders.${name}`)}`}
          onClick={() => onInsert(`{${name}}`)}
        />
      ))}
    </Box>
  );
}

/** A tenant notice's own placeholders (issue 42: {credit} {level} {days} {until}) and the utility's words ({utility} 电费, {action} 断电), for a template marked as a notice's wording. */
const NOTICE_CHIPS = [...SMS_NOTICE_PLACEHOLDERS, 'utility', 'action'] as const;

export function NoticePlaceholderChips({ onInsert }: { onInsert: (token: string) => void }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, alignItems: 'center', mt: 0.5 }}>
      <Typography variant="caption" color="text.secondary">{translate('tenantPortal.notices.placeholders.title')}</Typography>
      {NOTICE_CHIPS.map((name) => (
        <Chip
          key={name} size="small" variant="outlined" color="primary" clickable
          label={`{${name}} ${translate(`tenantPortal.notices.placeholders.${name}`)}`}
          onClick={() => onInsert(`{${name}}`)}
        />
      ))}
    </Box>
  );
}

/** What is wrong with a message text, as a message key and its values (undefined when nothing). */
export function contentProblem(text: string): { key: string; values?: Record<string, unknown> } | undefined {
  if (!text.trim()) return { key: 'sms.compose.contentRequired' };
  if (text.trim().length > SMS_CONTENT_MAX) return { key: 'sms.compose.contentTooLong', values: { max: SMS_CONTENT_MAX } };
  const unknown = unknownPlaceholders(text);
  if (unknown.length) return { key: 'sms.compose.unknownPlaceholder', values: { names: unknown.map((name) => `{${name}}`).join(', ') } };
  return undefined;
}
