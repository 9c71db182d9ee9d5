import { Dashboard } from '../dashboard/Dashboard';

/** index, the water home and every operator's first screen (SPEC.md: home, water home view). */
export default function WaterHome() {
  return <Dashboard utility="water" resource="index" />;
}
