import { EVAL_QUESTIONS } from "#app/modules/knowledge/index.server";
import { ms, verdict, type Figure, type Measurement } from "../figure";
import { percentile } from "../load";

const FIRST_TOKEN_BUDGET_MS = 1000;
/** Below the guide's per-address hourly limit (150), so no question is refused. */
const QUESTIONS = 60;

/**
 * DESIGN.md: the guide's first streamed token at p95 under 1 s. Each question of the evaluation
 * set (every language, in turn) is asked over HTTP as a new visitor would (`POST /api/chat`), one
 * at a time, and timed from sending to the first `data:` chunk carrying text: retrieval over the
 * index, the conversation's writes and the built-in answer's first words. With a model configured
 * the provider's own first token comes on top; that is the provider's time, not the site's.
 */
export const guideFirstToken: Measurement = {
  name: "AI guide first token",
  async run(context): Promise<Figure[]> {
    context.log(`AI guide: ${QUESTIONS} questions, first streamed token`);
    const times: number[] = [];
    let failures = 0;
    for (let i = 0; i < QUESTIONS; i += 1) {
      const question = EVAL_QUESTIONS[i % EVAL_QUESTIONS.length]!;
      const started = performance.now();
      const response = await fetch(new URL("/api/chat", context.baseUrl), {
        method: "POST",
        headers: { "Content-Type": "application/json", "Accept-Language": question.lang },
        body: JSON.stringify({
          messages: [{ role: "user", content: question.q }],
          visitorSessionId: `bench_visitor_${i}_${Date.now()}`,
        }),
      });
      const first = response.ok ? await firstToken(response) : false;
      if (first) times.push(performance.now() - started);
      else failures += 1;
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    const failed = failures > 0 ? `, ${failures} without a streamed answer` : "";
    return [
      {
        name: "AI guide first streamed token p95, 1 visitor at a time",
        value: `${ms(p95)} (median ${ms(percentile(times, 50))}, ${times.length} questions${failed})`,
        budget: `< ${FIRST_TOKEN_BUDGET_MS} ms`,
        verdict: verdict(p95 < FIRST_TOKEN_BUDGET_MS && failures === 0),
      },
    ];
  },
};

/** Reads the event stream until its first chunk with text (true), or its end (false). */
async function firstToken(response: Response): Promise<boolean> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return false;
      buffer += value;
      for (const line of buffer.split("\n")) {
        if (!line.startsWith("data: {")) continue;
        const chunk = JSON.parse(line.slice(6)) as {
          choices: Array<{ delta: { content?: string } }>;
        };
        if (chunk.choices[0]?.delta.content) return true;
      }
      buffer = buffer.slice(buffer.lastIndexOf("\n") + 1);
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
