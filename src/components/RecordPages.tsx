import { useCallback, useEffect, useLayoutEffect, useRef, type ReactElement, type RefObject } from 'react';
import {
  Create, DeleteButton, Edit, SaveButton, SimpleForm, Toolbar, useNotify, useResourceContext,
  type CreateProps, type EditProps, type SimpleFormProps,
} from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { useFormContext, type UseFormReturn } from 'react-hook-form';
import { usePreferences } from '../preferences/PreferencesContext';
import { tabKey } from '../layout/tabs';

/**
 * Closes the current page's tab (its kept state goes with it) and goes back to the resource's list
 * tab as the operator left it (filters, page), or the plain list when that tab is closed.
 */
function useClosePage() {
  const resource = useResourceContext();
  const { preferences, update } = usePreferences();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(() => {
    const listKey = `/${resource}`;
    const listTab = preferences.openedTabs.find((path) => tabKey(path) === listKey);
    update((prefs) => ({ openedTabs: prefs.openedTabs.filter((path) => tabKey(path) !== tabKey(pathname)) }));
    navigate(listTab ?? listKey);
  }, [resource, preferences.openedTabs, update, navigate, pathname]);
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
  const onSuccess = useDoneAndClose('ra.notification.created');
  return <Create {...props} mutationOptions={{ ...mutationOptions, onSuccess }} />;
}

/** An edit page (saved pessimistically) whose tab closes once saved or deleted. */
export function RecordEdit({ mutationOptions, ...props }: EditProps & { children: ReactElement }) {
  const onSuccess = useDoneAndClose('ra.notification.updated');
  return <Edit mutationMode="pessimistic" {...props} mutationOptions={{ ...mutationOptions, onSuccess }} />;
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
  return (
    <SimpleForm toolbar={<RecordFormToolbar />} {...props}>
      <FormHandle form={form} />
      {children}
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

/** The form toolbar of record pages: save, and on an existing record delete (after confirmation). */
function RecordFormToolbar() {
  const onSuccess = useDoneAndClose('ra.notification.deleted');
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteButton mutationMode="pessimistic" mutationOptions={{ onSuccess }} />
    </Toolbar>
  );
}
