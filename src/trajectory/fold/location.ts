/**
 * Where an event sits in the session (the upstream `ConversationLocation`): inside a step, inside a turn
 * between steps, or outside any turn. A location is a shared mutable object, so whatever captured it at its
 * event later sees its step or turn close (the boundary that makes a running request Failed and a running
 * call Interrupted, trajectory.md §4.3, §4.6). `step/start` outside an open turn of the same number opens
 * that turn implicitly (logs cut before their `turn/start`).
 */

/** A closed step or turn: where running work ended. */
export interface Boundary {
  seq: number
  time: number | null
}

export interface TurnLocation {
  readonly turn: number
  end: Boundary | null
}

export interface StepLocation {
  readonly step: number
  end: Boundary | null
}

export interface Location {
  readonly turn: TurnLocation | null
  readonly step: StepLocation | null
}

const NOWHERE: Location = { turn: null, step: null }

export class LocationTracker {
  #turn: TurnLocation | null = null
  #current: Location = NOWHERE

  /** The location of the event being folded now. */
  get current(): Location {
    return this.#current
  }

  turnStart(turn: number): void {
    this.#turn = { turn, end: null }
    this.#current = { turn: this.#turn, step: null }
  }

  turnEnd(turn: number, boundary: Boundary): void {
    const open = this.#turn
    if (open !== null && open.turn === turn) {
      open.end ??= boundary
      const step = this.#current.step
      if (step !== null) step.end ??= boundary
    }
    this.#turn = null
    this.#current = NOWHERE
  }

  /** Opens a step; the new location is returned (a request keeps it). */
  stepStart(turn: number, step: number): Location {
    if (this.#turn === null || this.#turn.turn !== turn) this.#turn = { turn, end: null }
    this.#current = { turn: this.#turn, step: { step, end: null } }
    return this.#current
  }

  stepEnd(turn: number, step: number, boundary: Boundary): void {
    const current = this.#current
    if (current.step === null || current.turn === null || current.turn.turn !== turn || current.step.step !== step) return
    current.step.end ??= boundary
    this.#current = { turn: current.turn, step: null }
  }
}

/** The boundary that closed `location`: its step's end, else its turn's end; null while open. */
export function closedAt(location: Location): Boundary | null {
  return location.step?.end ?? location.turn?.end ?? null
}
