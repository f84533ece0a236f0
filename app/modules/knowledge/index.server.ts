// The knowledge module's server API for code outside the module (docs/ARCHITECTURE.md "Knowledge index").
export {
  retrieve,
  accessFor,
  type KnowledgeHit,
  type KnowledgeViewer,
  type RetrievalMethod,
} from "./retrieve.server";
export { answerFromSite, ANSWER_THRESHOLD, type SiteAnswer } from "./answer.server";
export {
  indexStatus,
  rebuildTask,
  queueRefresh,
  refreshAll,
  refreshSource,
  refreshTask,
  reindex,
  reindexIn,
  startRebuild,
  runRebuild,
  REBUILD_QUEUE,
  type SourceStatus,
} from "./indexer.server";
export { SOURCES, type KnowledgeSource } from "./sources.server";
export { evaluate, type MethodResult } from "./eval/evaluate.server";
export { EVAL_QUESTIONS, OFF_TOPIC_QUESTIONS } from "./eval/questions";
export { relatedTo, RELATED_THRESHOLD } from "./related.server";
