/** The signed-in user as a request carries it (the accounts module makes it from a users row). */
export interface AuthUser {
  id: number;
  name: string;
  email: string;
  is_admin: boolean;
  email_verified: boolean;
  /** a new address waiting for verification; `email` stays in use until then */
  pending_email: string | null;
  /** 'en' | 'sw': the language the customer chose (migration 0150) */
  language: 'en' | 'sw';
}
