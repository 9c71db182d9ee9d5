import type { ReactElement } from 'react';
import { useRecordContext, useResourceContext, useStore, useTranslate } from 'react-admin';
import { Alert } from '@mui/material';
import { RecordCreate, RecordEdit } from '../RecordPages';
import { pushOfferKey, type PushOffer } from './PushToMeters';

/** The create page of a template (titled by its route). */
export function TemplateCreate({ children }: { children: ReactElement }) {
  const translate = useTranslate();
  const resource = useResourceContext()!;
  return <RecordCreate title={translate(`routes.${resource}`)}>{children}</RecordCreate>;
}

/**
 * The edit page of a template. Saving a parameter set (`pushable`) that meters use leaves the list
 * an offer to push the change to them now (the list asks; see PushOfferPrompt).
 */
export function TemplateEdit({ children, pushable = false }: { children: ReactElement; pushable?: boolean }) {
  const translate = useTranslate();
  const resource = useResourceContext()!;
  const [, setOffer] = useStore<PushOffer | null>(pushOfferKey(resource), null);
  return (
    <RecordEdit
      title={translate(`routes.${resource}`)}
      mutationOptions={{
        onSettled: (data: unknown, error: unknown) => {
          const saved = data as { id: number; name: string; usedBy: number } | undefined;
          if (pushable && !error && saved && saved.usedBy > 0) setOffer({ id: saved.id, name: saved.name, usedBy: saved.usedBy });
        },
      }}
    >
      <>
        <InUseNotice pushable={pushable} />
        {children}
      </>
    </RecordEdit>
  );
}

/** Above the form of a record in use: what a change reaches (and, for a set, that it can be pushed after saving). */
function InUseNotice({ pushable }: { pushable: boolean }) {
  const record = useRecordContext<{ usedBy?: number }>();
  const translate = useTranslate();
  const resource = useResourceContext()!;
  if (!record?.usedBy) return null;
  const unit = resource === 'dsshijianduan' ? 'tariffs.usedByTemplates' : 'tariffs.usedByMeters';
  return (
    <Alert severity="info" sx={{ mb: 1 }}>
      {translate('tariffs.inUse', { used: translate(unit, { smart_count: record.usedBy }) })}
      {pushable ? ` ${translate('tariffs.inUsePush')}` : ''}
    </Alert>
  );
}
