/*
 * Held-out questions for cross-language retrieval (decision 066): written after the lexicon
 * (`../lexicon/`) was finished and never used to tune it, so their figure shows how the
 * expansion does on questions it was not fitted to. Same shape and sources as questions.ts.
 */
import type { EvalQuestion } from "./questions";

const FAQ = "/faq";
const REFUNDS = "/refunds";
const HELP = "/help";
const GUIDE = "/help/guidelines";
const PRIVACY = "/privacy";
const TERMS = "/terms";
const ABOUT = "/about";
const TAROT = "/discussions/choosing-your-first-tarot-deck";
const GROUNDING = "/discussions/a-five-minute-grounding-practice-for-busy-mornings";
const JOURNAL = "/discussions/keeping-a-ritual-journal-that-you-will-actually-reread";
const HERMETIC = "/discussions/study-circle-the-seven-hermetic-principles";
const GOETIA = "article:ars-goetia";
const ELENTHOS = "article:elenthos-communion";
const THREE_CARD = "/academy/tarot-basics/lessons/three-card-spread";
const ONE_CARD = "/academy/tarot-basics/lessons/reading-a-card";
const DECK = "/academy/tarot-basics/lessons/structure-of-the-deck";
const POSTURE = "/academy/meditation-foundations/lessons/posture";
const BREATH = "/academy/meditation-foundations/lessons/breath-anchor";

export const HELD_OUT_QUESTIONS: readonly EvalQuestion[] = [
  { lang: "es", q: "¿Cuánto tiempo tengo para pedir un reembolso?", expected: [REFUNDS, FAQ] },
  { lang: "es", q: "¿Cómo hago una tirada de tres cartas?", expected: [THREE_CARD] },
  {
    lang: "es",
    q: "¿Hay un grupo de estudio sobre los principios herméticos?",
    expected: [HERMETIC],
  },
  {
    lang: "fr",
    q: "Est-ce que je peux exporter mes données personnelles ?",
    expected: [FAQ, PRIVACY],
  },
  { lang: "fr", q: "Comment méditer assis sans avoir mal au dos ?", expected: [POSTURE] },
  { lang: "de", q: "Ist die Seite für Anfänger geeignet?", expected: [FAQ, ABOUT] },
  { lang: "de", q: "Wer kann meine Beiträge lesen?", expected: [FAQ, PRIVACY] },
  { lang: "de", q: "Wie viele Geister hat die Ars Goetia?", expected: [GOETIA] },
  { lang: "it", q: "Posso cambiare la lingua del sito?", expected: [FAQ] },
  { lang: "it", q: "Come si chiude il cerchio dopo la comunione?", expected: [ELENTHOS] },
  { lang: "pt", q: "Esqueci minha senha, o que faço?", expected: [FAQ, HELP] },
  { lang: "pt", q: "Quais são as regras da comunidade?", expected: [GUIDE] },
  { lang: "ru", q: "Как удалить мой аккаунт?", expected: [FAQ, PRIVACY] },
  { lang: "ru", q: "Какую колоду таро выбрать новичку?", expected: [TAROT] },
  { lang: "nl", q: "Hoe meld ik een lid dat mij lastigvalt?", expected: [FAQ, GUIDE] },
  { lang: "nl", q: "Wat krijg ik met een volledig lidmaatschap?", expected: [FAQ, ABOUT, HELP] },
  { lang: "pl", q: "Czy mogę dostać zwrot pieniędzy?", expected: [REFUNDS, FAQ] },
  { lang: "pl", q: "Jak prowadzić dziennik rytuałów?", expected: [JOURNAL] },
  { lang: "tr", q: "Üyeliğimi nasıl iptal ederim?", expected: [FAQ, REFUNDS, HELP] },
  { lang: "tr", q: "Tarot destesi kaç karttan oluşur?", expected: [DECK, TAROT] },
  { lang: "ja", q: "パスワードを忘れたらどうすればいいですか", expected: [FAQ, HELP] },
  { lang: "ja", q: "瞑想の呼吸のしかたを教えてください", expected: [BREATH, ELENTHOS, GROUNDING] },
  { lang: "zh", q: "我可以删除我的帐户吗？", expected: [FAQ, PRIVACY] },
  { lang: "zh", q: "你们使用哪些cookie？", expected: [PRIVACY] },
  { lang: "ko", q: "멤버십은 무료인가요?", expected: [FAQ, ABOUT] },
  { lang: "ko", q: "타로 카드 한 장을 읽는 방법", expected: [ONE_CARD] },
  { lang: "ar", q: "هل يمكنني استرداد أموالي؟", expected: [REFUNDS, FAQ] },
  { lang: "ar", q: "ما هي إرشادات المجتمع؟", expected: [GUIDE] },
  { lang: "hi", q: "मैं अपना पासवर्ड कैसे रीसेट करूं?", expected: [FAQ, HELP] },
  { lang: "hi", q: "क्या यह चिकित्सा सलाह है?", expected: [FAQ, TERMS] },
];
