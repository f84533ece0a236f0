import { describe, expect, it } from "vitest";
import { expandQuery, MAX_EXPANSIONS, normalise } from "./expand";
import { CONCEPTS, LEXICONS } from "./lexicon";

describe("expandQuery", () => {
  it("adds the English words of the concepts a question names, in its order", () => {
    expect(expandQuery("¿Cómo cancelo mi membresía?", "es").words).toEqual([
      "cancel",
      "membership",
    ]);
    expect(expandQuery("Wie kündige ich meine Mitgliedschaft?", "de").words).toEqual([
      "cancel",
      "membership",
      "member",
    ]);
    expect(expandQuery("J'ai oublié mon mot de passe", "fr").words).toEqual(["forgot", "password"]);
  });

  it("matches stems across inflections and phrases as consecutive words", () => {
    expect(expandQuery("Как отменить подписку?", "ru").words).toContain("cancel");
    expect(expandQuery("Şifremi unuttum", "tr").words).toEqual(["password", "forgot"]);
    expect(expandQuery("Como altero meu nome de exibição?", "pt").words).toContain("display");
    // "mot" alone is not "mot de passe".
    expect(expandQuery("un mot gentil", "fr").words).not.toContain("password");
  });

  it("reads accents as optional and Arabic without the article, clitics and letter variants", () => {
    expect(expandQuery("membresia", "es").words).toEqual(["membership"]);
    expect(expandQuery("كيف ألغي عضويتي؟", "ar").words).toEqual(["cancel", "membership", "member"]);
    expect(expandQuery("والإلغاء", "ar").words).toEqual(["cancel"]);
    expect(normalise("إلغاء")).toBe(normalise("الغاء"));
  });

  it("finds Japanese, Chinese and Korean terms inside the unspaced text", () => {
    expect(expandQuery("メンバーシップを解約するには？", "ja").words).toContain("cancel");
    expect(expandQuery("如何取消会员资格？", "zh").words).toContain("cancel");
    expect(expandQuery("비밀번호를 잊어버렸어요", "ko").words).toEqual(["password", "forgot"]);
  });

  it("reads the visitor's language only when given, every lexicon otherwise", () => {
    expect(expandQuery("Wie kündige ich?", "es").words).toEqual([]);
    expect(expandQuery("Wie kündige ich?").words).toEqual(["cancel"]);
    expect(expandQuery("Wie kündige ich?", "en").words).toEqual(["cancel"]);
  });

  it("adds nothing the question already says, nothing for unknown words, and at most the cap", () => {
    expect(expandQuery("tarot deck", "en").words).toEqual([]);
    expect(expandQuery("xylophone quokka zeppelin").words).toEqual([]);
    expect(expandQuery("", "es")).toEqual({ words: [], matched: [] });
    const long =
      "membresía reembolso contraseña cuenta perfil idioma tarot baraja vela luna agua meditación ritual espíritu";
    expect(expandQuery(long, "es").words.length).toBe(MAX_EXPANSIONS);
  });

  it("covers every concept in every language", () => {
    for (const [language, lexicon] of Object.entries(LEXICONS)) {
      const missing = CONCEPTS.filter((c) => !lexicon[c]?.trim());
      expect({ language, missing }).toEqual({ language, missing: [] });
    }
  });
});
