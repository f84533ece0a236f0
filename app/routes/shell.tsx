import { AppShell } from "#app/components/shell/app-shell";

/** Every page sits in the shell: header, side navigation (not under /admin), footer. */
export default function Shell() {
  return <AppShell />;
}
