import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useRef, useState, type ReactElement, type RefObject } from 'react';
import {
  AccessDenied, Confirm, Create, Edit, LoadingIndicator, SaveButton, SimpleForm, Toolbar, useNotify, useResourceContext,
  useTranslate, type CreateProps, type EditProps, type SimpleFormProps,
} from 'react-admin';
import { Box, Button } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { DeleteRecordButton } from './delete/DeleteWithImpact';
import { useLocation, useNavigate } from 'react-router-dom';
import { useFormContext, type UseFormReturn } from 'react-hook-form';
import { usePreference, usePreferenceActions } from '../preferences/PreferencesContext';
import { tabKey } from '../preferences/tabs';
import { useResourceAccess } from '../auth/useResourceAccess';

/**
 * Closes the current page's tab (its kept state goes with it) and goes back to the resource's list
 * tab as the operator left it (filters, page), or the plain list when that tab is closed.
 */
function useClosePage() {
  const resource = useResourceContext();
  const openedTabs = usePreference('openedTabs');
  const { update } = usePreferenceActions();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(() => {
    const listKey = `/${resource}`;
    const listTab = openedTabs.find((path) => tabKey(path) === listKey);
    update((prefs) => ({ openedTabs: prefs.openedTabs.filter((path) => tabKey(path) !== tabKey(pathname)) }));
    navigate(listTab ?? listKey);
  }, [resource, openedTabs, update, navigate, pathname]);
}

/** Says what happened (a react-admin notification key) and closes the page. */
function useDoneAndClose(message: string) {
  const notify = useNotify();
  const closePage = useClosePage();
  return () => {
    notify(message, { type: 'info', messageArgs: { smart_count: 1 } });
    closePage();
  };
}

/**
 * A create page whose tab closes once the record is saved: coming back to "create" starts from an
 * empty form rather than the one just saved.
 */
export function RecordCreate({ mutationOptions, ...props }: CreateProps & { children: ReactElement }) {
  const done = useDoneAndClose('ra.notification.created');
  // A page's own onSuccess (e.g. commands that follow the save) runs first, then the page closes.
  const onSuccess = (...args: unknown[]) => {
    (mutationOptions?.onSuccess as ((...a: unknown[]) => void) | undefined)?.(...args);
    done();
  };
  return <Create {...props} mutationOptions={{ ...mutationOptions, onSuccess }} />;
}

/** Whether the record page lets the operator change the record (a read-only role only looks at it). */
const EditableContext = createContext(true);

/**
 * An edit page (saved pessimistically) whose tab closes once saved or deleted. A record that does
 * not exist (deleted meanwhile, or outside the operator's area) says so and closes its tab rather
 * than leaving a dead one. An operator who may not edit sees the same page read-only.
 */
export function RecordEdit({ mutationOptions, ...props }: EditProps & { children: ReactElement }) {
  const resource = useResourceContext();
  const done = useDoneAndClose('ra.notification.updated');
  // A page's own onSuccess (e.g. commands that follow the save) runs first, then the page closes.
  const onSuccess = (...args: unknown[]) => {
    (mutationOptions?.onSuccess as ((...a: unknown[]) => void) | undefined)?.(...args);
    done();
  };
  const notify = useNotify();
  const closePage = useClosePage();
  const { canAccess: canList, isPending } = useResourceAccess({ resource, action: 'list' });
  const { canAccess: canEdit = false, isPending: editPending } = useResourceAccess({ resource, action: 'edit' });
  if (isPending || editPending) return <LoadingIndicator />;
  if (!canList) return <AccessDenied />;
  return (
    <EditableContext.Provider value={canEdit}>
      <Edit
        mutationMode="pessimistic"
        // Access is decided above: a read-only operator still sees the record.
        disableAuthentication
        queryOptions={{
          retry: false,
          onError: (error: Error & { status?: number }) => {
            if (error.status !== 404) {
              notify(error.message, { type: 'error' });
              return;
            }
            notify('ra.notification.item_doesnt_exist', { type: 'warning' });
            closePage();
          },
        }}
        {...props}
        mutationOptions={{ ...mutationOptions, onSuccess }}
      />
    </EditableContext.Provider>
  );
}

/**
 * The form of record pages. A page kept alive behind another tab runs its effects again when shown,
 * and react-admin then resets the form to the record; the fields the operator had changed are put
 * back afterwards (untouched fields keep the record's values, fresh if it was reloaded meanwhile).
 */
export function RecordForm({ children, ...props }: SimpleFormProps) {
  const form = useRef<UseFormReturn | null>(null);
  const typed = useRef<[string, unknown][]>([]);
  useLayoutEffect(() => () => {
    // Hidden (or unmounted): remember the changed fields.
    const current = form.current;
    typed.current = current ? dirtyPaths(current.formState.dirtyFields).map((path) => [path, current.getValues(path)]) : [];
  }, []);
  useEffect(() => {
    // Shown again: this runs after the form's own reset, being its parent.
    for (const [path, value] of typed.current) form.current?.setValue(path, value, { shouldDirty: true });
    typed.current = [];
  }, []);
  const editable = useContext(EditableContext);
  return (
    // noValidate: the app validates, in the operator's language; the browser's own bubble never shows.
    <SimpleForm toolbar={<RecordFormToolbar />} noValidate {...props}>
      <FormHandle form={form} />
      {/* Read-only: every input is disabled by the browser itself. */}
      <Box component="fieldset" disabled={!editable} sx={{ border: 0, p: 0, m: 0, minWidth: 0, width: '100%' }}>{children}</Box>
    </SimpleForm>
  );
}

/** Hands the form to its page (and asks react-hook-form to track which fields are dirty). */
function FormHandle({ form }: { form: RefObject<UseFormReturn | null> }) {
  const context = useFormContext();
  void context.formState.dirtyFields;
  form.current = context;
  return null;
}

/** `{ a: true, b: { c: true } }` → ['a', 'b.c']. */
function dirtyPaths(dirty: unknown, prefix = ''): string[] {
  if (dirty === true) return prefix ? [prefix] : [];
  if (!dirty || typeof dirty !== 'object') return [];
  return Object.entries(dirty).flatMap(([key, value]) => dirtyPaths(value, prefix ? `${prefix}.${key}` : key));
}

/**
 * The form toolbar of record pages: back (to the list; asks first when there are unsaved changes),
 * save, and on an existing record delete (after the confirmation that says what is attached).
 */
function RecordFormToolbar() {
  const closePage = useClosePage();
  const translate = useTranslate();
  const editable = useContext(EditableContext);
  const { formState } = useFormContext();
  const [asking, setAsking] = useState(false);
  const back = () => (formState.isDirty && editable ? setAsking(true) : closePage());
  return (
    <Toolbar sx={{ justifyContent: 'space-between', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button startIcon={<ArrowBackIcon />} onClick={back}>{translate('record.back')}</Button>
        {editable && <SaveButton />}
      </Box>
      {editable && <DeleteRecordButton onDeleted={closePage} />}
      <Confirm
        isOpen={asking} title="record.discardTitle" content="record.discard"
        onConfirm={closePage} onClose={() => setAsking(false)}
      />
    </Toolbar>
  );
}
