import { Dashboard } from '../dashboard/Dashboard';

/** index_water, the electricity home (SPEC.md: home, electricity home view). */
export default function ElectricHome() {
  return <Dashboard utility="electric" resource="index_water" />;
}
