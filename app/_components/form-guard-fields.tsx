/**
 * The guard fields every public form carries (SPEC SEC-2, lib/forms/guard.ts): the signed,
 * cookieless token of form `form` issued now, and the honeypot field people never see.
 */
import { HONEYPOT_FIELD, issueFormToken } from "@/lib/forms/guard";
import { siteSecret } from "@/app/_lib/forms/secret";

export function FormGuardFields({ form }: { form: string }) {
  return (
    <>
      <input type="hidden" name="ficha" value={issueFormToken(siteSecret(), form, Date.now())} />
      <div className="honeypot" aria-hidden="true">
        <label>
          Deja este campo vacío <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
        </label>
      </div>
    </>
  );
}
