import type { RaRecord } from 'react-admin';
import type { StateStyle } from '../../../components/list/columns';
import type { FilterSpec } from '../../../components/list/filters';
import { newPasswordProblem } from '../../../../common/commonPasswords';

export interface SysUser extends RaRecord {
  userName: string; realName: string | null; phone: string | null; roleId: number; roleName: string | null; roleReadOnly: boolean | null;
  platformAdmin: boolean | null; areaId: number; areaName: string | null; state: 0 | 1; remark: string | null; createdAt: string;
}

export interface SysUserOptions {
  roles: { id: number; name: string; areaId: number; readOnly: boolean; platformAdmin: boolean }[];
  areas: { id: number; name: string; parentId: number | null }[];
}

export const USER_STATE: Record<string, StateStyle> = {
  1: { label: 'system.state.enabled', color: 'success' },
  0: { label: 'system.state.disabled', color: 'default' },
};

export const SYSUSER_FILTERS: FilterSpec[] = [
  { source: 'userName', kind: 'search', alwaysOn: true },
  { source: 'state', kind: 'choice', alwaysOn: true, choices: Object.entries(USER_STATE).map(([id, style]) => ({ id, name: style.label })) },
];

/** The console's messages for common/commonPasswords.ts's problems (SPEC.md's own for the length). */
const PROBLEM_MESSAGE = { passwordLength: 'validation.passwordLength', passwordCommon: 'system.passwordCommon', passwordIsName: 'system.passwordIsName' } as const;

/** A new password's problem as a message key, checked as the server will (the account name from the form). */
export const passwordMessage = (password: string, userName?: string) => {
  const problem = newPasswordProblem(password, userName);
  return problem && PROBLEM_MESSAGE[problem];
};
