/**
 * A logged failure as the Trajectory may keep it (trajectory.md §4.9): `{message, code}`, with AUTH
 * failures blanked — a provider's AUTH message may echo part of a credential, so the message never enters
 * the model (the page shows dsh's "API key is invalid" instead; the raw text stays in the log only).
 * A failure that is not an object is its string form; an object without a string message is its JSON.
 */

export interface DisplayFailure {
  message: string
  code?: string
}

export function displayFailure(failure: unknown): DisplayFailure {
  if (failure === null || typeof failure !== 'object' || Array.isArray(failure)) return { message: typeof failure === 'string' ? failure : String(failure) }
  const code = Reflect.get(failure, 'code')
  const message = Reflect.get(failure, 'message')
  if (code === 'AUTH') return { message: '', code }
  const out: DisplayFailure = { message: typeof message === 'string' ? message : (JSON.stringify(failure) ?? '') }
  if (typeof code === 'string') out.code = code
  return out
}
