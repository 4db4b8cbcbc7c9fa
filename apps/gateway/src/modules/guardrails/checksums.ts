// The checks that tell a real card number, IBAN or US SSN from any run of digits, so redaction
// does not eat order numbers and timestamps.

/** The Luhn check every payment card number passes (ISO/IEC 7812-1). */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = digits.charCodeAt(digits.length - 1 - index) - 48;
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** ISO 13616's check: the country and check digits moved to the end, letters as 10–35, mod 97 is 1. */
export function passesIbanCheck(iban: string): boolean {
  const compact = iban.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(compact)) return false;
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (const character of rearranged) {
    const value = character >= 'A' ? character.charCodeAt(0) - 55 : character.charCodeAt(0) - 48;
    remainder = value > 9 ? (remainder * 100 + value) % 97 : (remainder * 10 + value) % 97;
  }
  return remainder === 1;
}

/** The SSA's rules for an issued SSN: no 000, 666 or 9xx area, no 00 group, no 0000 serial. */
export function isPlausibleSsn(ssn: string): boolean {
  const [area, group, serial] = ssn.split('-');
  if (!area || !group || !serial) return false;
  return area !== '000' && area !== '666' && !area.startsWith('9') && group !== '00' && serial !== '0000';
}
