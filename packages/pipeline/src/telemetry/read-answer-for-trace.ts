/** What a trace reads from a whole answer: a Chat Completion object, or a Responses body as text. */
export interface AnswerForTrace {
  readonly id?: string;
  readonly model?: string;
  readonly finishReasons: string[];
  /** The generated messages or output items (recorded only when content capture is on). */
  readonly output?: unknown;
}

interface ChatOrResponsesBody {
  id?: unknown;
  model?: unknown;
  choices?: Array<{ finish_reason?: unknown; message?: unknown }>;
  status?: unknown;
  incomplete_details?: { reason?: unknown } | null;
  output?: unknown;
}

function parse(answer: unknown): ChatOrResponsesBody | undefined {
  if (typeof answer === 'string') {
    try {
      return JSON.parse(answer) as ChatOrResponsesBody;
    } catch {
      return undefined;
    }
  }
  return answer !== null && typeof answer === 'object' ? (answer as ChatOrResponsesBody) : undefined;
}

/** Id, model, finish reasons (a Responses body's: its status, or why it is incomplete) and output of an answer. */
export function readAnswerForTrace(answer: unknown): AnswerForTrace {
  const body = parse(answer);
  if (!body) return { finishReasons: [] };
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  if (Array.isArray(body.choices)) {
    return {
      id: text(body.id),
      model: text(body.model),
      finishReasons: body.choices.map((choice) => text(choice.finish_reason)).filter((reason): reason is string => reason !== undefined),
      output: body.choices.map((choice) => choice.message),
    };
  }
  const reason = text(body.incomplete_details?.reason) ?? text(body.status);
  return { id: text(body.id), model: text(body.model), finishReasons: reason ? [reason] : [], output: body.output };
}
