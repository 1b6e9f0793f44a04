/**
 * The one error type a user can fix (bad flag, missing path). bin.ts prints it as a message and an
 * optional hint, without a stack, and exits with its code; anything else that escapes is a bug and keeps
 * its stack.
 */
export class UserError extends Error {
  constructor(
    message: string,
    readonly hint?: string,
    /** 2 = usage error (bad flags), 1 = an input could not be read at all. */
    readonly exitCode: 1 | 2 = 2,
  ) {
    super(message)
    this.name = 'UserError'
  }
}
