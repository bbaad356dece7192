/** The spec's '*Name': the asterisk is visual; the input's `required` tells assistive technology. */
export function RequiredLabel({ children }: { children: string }) {
  return (
    <>
      <span className="field__required" aria-hidden="true">
        *
      </span>
      {children}
    </>
  );
}
