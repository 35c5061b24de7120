/** Admin forms: every one posts to /admin/accion with the session's CSRF token (SPEC SEC-2). */
import type { ReactNode } from "react";

/** A form for `accion`, carrying the CSRF token; children are its fields and button. */
export function ActionForm({
  csrf,
  action,
  children,
  className = "admin-form",
}: {
  csrf: string;
  action: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <form method="post" action="/admin/accion" className={className}>
      <input type="hidden" name="csrf" value={csrf} />
      <input type="hidden" name="accion" value={action} />
      {children}
    </form>
  );
}

/** One button acting on one row. */
export function RowButton({
  csrf,
  action,
  id,
  label,
  testId,
}: {
  csrf: string;
  action: string;
  id: number;
  label: string;
  testId?: string;
}) {
  return (
    <ActionForm csrf={csrf} action={action} className="inline-form">
      <input type="hidden" name="id" value={id} />
      <button type="submit" data-testid={testId}>
        {label}
      </button>
    </ActionForm>
  );
}
