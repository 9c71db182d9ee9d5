import { AutocompleteInput, ReferenceInput, type Validator } from 'react-admin';

/** A tenant as the tenant lookup answers it. */
export interface TenantChoice { id: number; name: string; phone: string | null; idNumber: string | null; roomCode: string | null }

/** "张三 · 13912345678 · 101": a tenant the way operators tell them apart. */
export const tenantLabel = (tenant: Partial<TenantChoice> | undefined) =>
  tenant ? [tenant.name, tenant.phone, tenant.roomCode].filter(Boolean).join(' · ') : '';

/**
 * Tenant typeahead (name, phone or id number; keyboard only possible) over the `tenants` lookup
 * (the user archive's list).
 */
export function TenantInput({ source = 'tenantId', label = 'bindings.pickers.tenant', helperText, validate }: {
  source?: string; label?: string; helperText?: string; validate?: Validator | Validator[];
}) {
  return (
    <ReferenceInput source={source} reference="tenants" perPage={50} sort={{ field: 'name', order: 'ASC' }}>
      <AutocompleteInput
        label={label} optionText={tenantLabel} inputText={(tenant: TenantChoice) => tenant.name} filterToQuery={(q) => ({ q })}
        helperText={helperText} validate={validate} fullWidth parse={(value) => (value === '' ? null : value)}
      />
    </ReferenceInput>
  );
}
