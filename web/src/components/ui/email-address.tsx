import './email-address.css';

interface EmailAddressProps {
  address: string;
  /** Punctuation that follows the address ('.'), kept on its line. */
  after?: string;
  strong?: boolean;
}

/**
 * An email address in running text. It moves to the next line whole instead of breaking at a
 * hyphen ('ada-new-' / 'address@example.com'); only an address wider than its line breaks.
 */
export function EmailAddress({ address, after, strong = false }: EmailAddressProps) {
  return (
    <span className="email-address">
      {strong ? <strong>{address}</strong> : <span>{address}</span>}
      {after}
    </span>
  );
}
