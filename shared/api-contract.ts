import type { z } from 'zod';
import {
  addOrUpdateAdvisoryRequest,
  addOrUpdateSubscriptionsRequest,
  adminAdvisory,
  adminAdvisoryList,
  advisoryCounts,
  advisoryIdQuery,
  engagementPage,
  engagementQuery,
  followRequest,
  myReactions,
  subscriptionItem,
  subscriptionList,
  withdrawReactionRequest,
} from './schemas/advisories.ts';
import { auditLogFilters, auditLogPage, auditLogQuery } from './schemas/audit.ts';
import {
  acceptedResponse,
  captchaResponse,
  changeEmailRequest,
  changePasswordRequest,
  clientIdParams,
  confirmEmailRequest,
  confirmEmailResponse,
  forgotPasswordRequest,
  loginRequest,
  loginResponse,
  loginTwoFactorRequest,
  passwordResetRequest,
  registerRequest,
  subscriberConfiguration,
  twoFactorCodeRequest,
  twoFactorProofRequest,
} from './schemas/auth.ts';
import { idResponse, okResponse } from './schemas/common.ts';
import {
  adjustCreditRequest,
  adjustCreditResponse,
  creditLedgerPage,
  creditLedgerQuery,
} from './schemas/credit.ts';
import { healthResponse } from './schemas/health.ts';
import {
  adminReward,
  adminRewardPage,
  invitationPageQuery,
  invitationSettings,
  invitationSummary,
  inviteePage,
  reverseRewardRequest,
  rewardsQuery,
  updateInvitationSettingsRequest,
} from './schemas/invitations.ts';
import {
  addLevelSetRequest,
  levelSetIdQuery,
  levelSetIdRequest,
  levelSetList,
  levelSetListQuery,
  levelSetView,
  updateLevelSetRequest,
  watchLevelSetRequest,
} from './schemas/levels.ts';
import {
  addRoleRequest,
  assignUserRoleRequest,
  batchUserOperationRequest,
  batchUserOperationResponse,
  deleteRoleRequest,
  resetTwoFactorRequest,
  role,
  roleList,
  roleWithCountList,
  userDetail,
  userIdQuery,
  userIdsQuery,
  userRolesMap,
  usersQuery,
  usersResponse,
} from './schemas/management.ts';
import {
  candleSeries,
  candlesQuery,
  exchangeSymbolList,
  marketSymbol,
  marketSymbolList,
  marketSymbolRequest,
  marketTicker,
  tickerQuery,
} from './schemas/market.ts';
import {
  addMediaKeywordRuleRequest,
  addMediaSourceRequest,
  hideMediaItemRequest,
  importOpmlRequest,
  mediaFilters,
  mediaIdRequest,
  mediaKeywordRuleList,
  mediaSourceList,
  mediaStream,
  mediaStreamQuery,
  opmlImportResult,
  pinMediaItemRequest,
  setMediaSourceEnabledRequest,
  updateMediaKeywordRuleRequest,
  updateMediaSourceRequest,
} from './schemas/media.ts';
import {
  dismissMembershipNoticeRequest,
  membershipReminderList,
  pendingMembershipNotice,
} from './schemas/membership.ts';
import {
  addOnchainAlertRequest,
  addOnchainLabelRequest,
  onchainAdminAlertPage,
  onchainAdminAlertsQuery,
  onchainAlertPage,
  onchainAlertsQuery,
  onchainFilters,
  onchainIdRequest,
  onchainLabelList,
  onchainTotals,
  onchainWatcherState,
  updateOnchainAlertRequest,
  updateOnchainLabelRequest,
} from './schemas/onchain.ts';
import {
  endSessionsResponse,
  personalInfo,
  recoveryCodesResponse,
  sessionList,
  twoFactorSetup,
  twoFactorStatus,
  updatePersonalInfoRequest,
  userVo,
} from './schemas/personal.ts';
import {
  addQuantRequest,
  freqtradeImport,
  freqtradeImportQuery,
  quantCardList,
  quantIdQuery,
  quantIdRequest,
  quantListQuery,
  quantStrategy,
  updateQuantRequest,
} from './schemas/quant.ts';
import { signInList } from './schemas/sign-ins.ts';
import {
  addOrUpdateSystemMessageRequest,
  messageFlagQuery,
  messageIdQuery,
  systemMessage,
  systemMessageList,
} from './schemas/system-messages.ts';
import {
  addArticleRequest,
  addCommentRequest,
  approvalQuery,
  article,
  articlePage,
  authorList,
  classificationTree,
  commentList,
  editClassificationRequest,
  findPageQuery,
  idParams,
  idQuery,
  reactionResponse,
  updateArticleRequest,
  uploadResponse,
} from './schemas/teaching.ts';
import {
  activateApiKeyRequest,
  addApiKeyRequest,
  apiKeyRoleMapping,
  traderKeyList,
  traderSummaryList,
  updateApiKeyRequest,
  updateApiKeySubConfigRequest,
} from './schemas/trader-keys.ts';
import {
  checkApiKeyRequest,
  comparisonQuery,
  keyCheck,
  keyIdQuery,
  liveSnapshot,
  liveTraderList,
  statisticsComparison,
  statisticsQuery,
  traderStatistics,
} from './schemas/trading.ts';

// The API contract: every JSON call the server answers, keyed "METHOD /path" (Fastify's path syntax), with
// the very zod schemas its route validates with (path parameters, query string, body, the 200 answer).
// server/api-contract.test.ts holds it to the registered routes: a route missing here, an entry without a
// route, or a schema that is not the route's own fails. The web app's client (app/lib/api-client.ts) and
// the journeys (e2e/support/api.ts) are typed by it: a call to a path not listed, or with the wrong body or
// query, does not compile, and every answer is checked against its response schema.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export type Endpoint = {
  /** Path parameters (`:id`). */
  params?: z.ZodType;
  /** The query string (Fastify's `querystring`). */
  query?: z.ZodType;
  /** The JSON body. */
  body?: z.ZodType;
  /** The answer of a successful call (status 200). */
  response: z.ZodType;
  /** A multipart upload of one file instead of a JSON body. */
  multipart?: true;
};

export const apiContract = {
  // Public.
  'GET /api/Management/Health': { response: healthResponse },
  'GET /_configuration/:clientId': { params: clientIdParams, response: subscriberConfiguration },
  'GET /Auth/Captcha': { response: captchaResponse },
  'POST /Auth/PostLogin': { body: loginRequest, response: loginResponse },
  'POST /Auth/PostLoginTwoFactor': { body: loginTwoFactorRequest, response: loginResponse },
  'POST /Auth/PostRegister': { body: registerRequest, response: acceptedResponse },
  'POST /Auth/ConfirmEmail': { body: confirmEmailRequest, response: confirmEmailResponse },
  'POST /Auth/PostForgetPassword': { body: forgotPasswordRequest, response: acceptedResponse },
  'POST /Auth/PostPasswordReset': { body: passwordResetRequest, response: acceptedResponse },

  // Public reads (a token shows more).
  'GET /api/ArticleClassification/List': { response: classificationTree },
  'GET /Articles/FindPage': { query: findPageQuery, response: articlePage },
  'GET /Articles/GetArticle/:id': { params: idParams, response: article },
  'GET /Articles/AuthorList': { response: authorList },
  'GET /Articles/Comments/:id': { params: idParams, response: commentList },

  // Signed in.
  'POST /Auth/PostChangePassword': { body: changePasswordRequest, response: acceptedResponse },
  'POST /Auth/PostChangeEmail': { body: changeEmailRequest, response: acceptedResponse },
  'GET /api/PersonalInfo/UserVo': { response: userVo },
  'GET /api/PersonalInfo/GetPersonalInfo': { response: personalInfo },
  'POST /api/PersonalInfo/UpdatePersonalInfo': { body: updatePersonalInfoRequest, response: okResponse },
  'POST /api/PersonalInfo/UploadAvatar': { multipart: true, response: userVo },
  'GET /api/PersonalInfo/Sessions': { response: sessionList },
  'POST /api/PersonalInfo/EndOtherSessions': { response: endSessionsResponse },
  'GET /api/PersonalInfo/SignIns': { response: signInList },
  'GET /api/PersonalInfo/TwoFactor': { response: twoFactorStatus },
  'POST /api/PersonalInfo/TwoFactor/Begin': { response: twoFactorSetup },
  'POST /api/PersonalInfo/TwoFactor/Enable': { body: twoFactorCodeRequest, response: recoveryCodesResponse },
  'POST /api/PersonalInfo/TwoFactor/RecoveryCodes': {
    body: twoFactorCodeRequest,
    response: recoveryCodesResponse,
  },
  'POST /api/PersonalInfo/TwoFactor/Disable': { body: twoFactorProofRequest, response: okResponse },
  'POST /api/PersonalInfo/TwoFactor/Verify': { body: twoFactorProofRequest, response: okResponse },
  'POST /Articles/AddArticle': { body: addArticleRequest, response: idResponse },
  'PUT /Articles/UpdateArticle': { body: updateArticleRequest, response: okResponse },
  'DELETE /Articles/DeleteArticle/:id': { params: idParams, response: okResponse },
  'PUT /Articles/ApprovalArticle': { query: approvalQuery, response: okResponse },
  'POST /Articles/Like/:id': { params: idParams, response: reactionResponse },
  'POST /Articles/Collect/:id': { params: idParams, response: reactionResponse },
  'POST /Articles/Comment': { body: addCommentRequest, response: idResponse },
  'DELETE /Articles/Comment/:id': { params: idParams, response: okResponse },
  'POST /api/FileSave/Upload': { multipart: true, response: uploadResponse },
  'GET /api/SystemMessage/GetAllSystemMessage': { response: systemMessageList },
  'GET /api/SystemMessage/GetAllMsgWithContent': { response: systemMessageList },
  'POST /api/SystemMessage/DismissPop': { query: messageIdQuery, response: okResponse },
  'GET /api/Subscription/GetSubscriptions': { response: subscriptionList },
  'GET /api/Subscription/GetSubscriptionConfigurations': { response: subscriptionList },
  'POST /api/Subscription/AddOrUpdateSubscriptions': {
    body: addOrUpdateSubscriptionsRequest,
    response: subscriptionItem,
  },
  // Invitation rebate and credit ledger of the signed-in person.
  'GET /api/Invitation/Mine': { response: invitationSummary },
  'GET /api/Invitation/Invitees': { query: invitationPageQuery, response: inviteePage },
  'GET /api/Credit/Mine': { query: invitationPageQuery, response: creditLedgerPage },
  // The signed-in person's membership notice (reminder before the end, or the end) and its dismissal.
  'GET /api/MembershipNotice/Pending': { response: pendingMembershipNotice },
  'POST /api/MembershipNotice/Dismiss': { body: dismissMembershipNoticeRequest, response: okResponse },

  // Members.
  'GET /api/Advisory/GetAdvCount': { response: advisoryCounts },
  'GET /api/AdvisoryFeedBack/Mine': { response: myReactions },
  'POST /api/AdvisoryFeedBack/Follow': { body: followRequest, response: okResponse },
  'POST /api/AdvisoryFeedBack/Withdraw': { body: withdrawReactionRequest, response: okResponse },
  'GET /api/AdvisoryFeedBack/MyEngagements': { query: engagementQuery, response: engagementPage },

  // Administrators.
  'GET /api/Management/GetUsers': { query: usersQuery, response: usersResponse },
  'GET /api/Management/GetUser': { query: userIdQuery, response: userDetail },
  'GET /api/Management/GetMembershipReminders': { query: userIdQuery, response: membershipReminderList },
  'GET /api/Management/GetRoles': { response: roleList },
  'GET /api/Management/GetUserRoles': { query: userIdsQuery, response: userRolesMap },
  'GET /api/Management/GetRolesWithUserCount': { response: roleWithCountList },
  'POST /api/Management/BatchUserOperation': {
    body: batchUserOperationRequest,
    response: batchUserOperationResponse,
  },
  'POST /api/Management/AddRole': { body: addRoleRequest, response: role },
  'POST /api/Management/DeleteRole': { body: deleteRoleRequest, response: okResponse },
  'POST /api/Management/AssignUserRole': { body: assignUserRoleRequest, response: okResponse },
  'POST /api/Management/ResetTwoFactor': { body: resetTwoFactorRequest, response: okResponse },
  'GET /api/Management/AuditLog': { query: auditLogQuery, response: auditLogPage },
  'GET /api/Management/AuditLogFilters': { response: auditLogFilters },
  'GET /api/Invitation/Settings': { response: invitationSettings },
  'POST /api/Invitation/UpdateSettings': {
    body: updateInvitationSettingsRequest,
    response: invitationSettings,
  },
  'GET /api/Invitation/Rewards': { query: rewardsQuery, response: adminRewardPage },
  'POST /api/Invitation/ReverseReward': { body: reverseRewardRequest, response: adminReward },
  'GET /api/Credit/Ledger': { query: creditLedgerQuery, response: creditLedgerPage },
  'POST /api/Credit/Adjust': { body: adjustCreditRequest, response: adjustCreditResponse },
  'POST /api/ArticleClassification/Edit': { body: editClassificationRequest, response: idResponse },
  'POST /api/ArticleClassification/Delete': { query: idQuery, response: okResponse },
  'GET /api/TraderKey/GetRoles': { response: roleList },
  'GET /api/TraderKey/GetAllApiKeys': { response: traderKeyList },
  'GET /api/TraderKey/GetAllTraders': { response: traderSummaryList },
  'GET /api/TraderKey/GetApiKeyRoleMapping': { response: apiKeyRoleMapping },
  'POST /api/TraderKey/ActiviateApiKey': { body: activateApiKeyRequest, response: okResponse },
  'POST /api/TraderKey/AddApiKey': { body: addApiKeyRequest, response: idResponse },
  'POST /api/TraderKey/UpdateApiKey': { body: updateApiKeyRequest, response: okResponse },
  'POST /api/TraderKey/UpdateApiKeySubConfig': { body: updateApiKeySubConfigRequest, response: okResponse },
  'POST /api/TraderKey/CheckApiKey': { body: checkApiKeyRequest, response: keyCheck },

  // Live trading and statistics (members: subscribed and entitled traders; administrators: every key)
  'GET /api/Trading/Traders': { response: liveTraderList },
  'GET /api/Trading/Live': { query: keyIdQuery, response: liveSnapshot },
  'GET /api/Trading/Statistics': { query: statisticsQuery, response: traderStatistics },
  'GET /api/Trading/Comparison': { query: comparisonQuery, response: statisticsComparison },

  // The market desk's data (members) and its allow-list (administrators)
  'GET /api/Market/Symbols': { response: marketSymbolList },
  'GET /api/Market/Candles': { query: candlesQuery, response: candleSeries },
  'GET /api/Market/Ticker': { query: tickerQuery, response: marketTicker },
  'GET /api/Market/ExchangeSymbols': { response: exchangeSymbolList },
  'POST /api/Market/AddSymbol': { body: marketSymbolRequest, response: marketSymbol },
  'POST /api/Market/DeleteSymbol': { body: marketSymbolRequest, response: okResponse },

  // Quantitative strategies (members: those their roles admit; administrators publish and import freqtrade results)
  'GET /api/Quant/List': { query: quantListQuery, response: quantCardList },
  'GET /api/Quant/Get': { query: quantIdQuery, response: quantStrategy },
  'POST /api/Quant/Add': { body: addQuantRequest, response: idResponse },
  'POST /api/Quant/Update': { body: updateQuantRequest, response: okResponse },
  'POST /api/Quant/Delete': { body: quantIdRequest, response: okResponse },
  'POST /api/Quant/ImportFreqtrade': {
    multipart: true,
    query: freqtradeImportQuery,
    response: freqtradeImport,
  },

  // Support and pressure level sets (members: those their roles admit; administrators publish)
  'GET /api/Levels/List': { query: levelSetListQuery, response: levelSetList },
  'GET /api/Levels/Get': { query: levelSetIdQuery, response: levelSetView },
  'POST /api/Levels/Watch': { body: watchLevelSetRequest, response: okResponse },
  'POST /api/Levels/Add': { body: addLevelSetRequest, response: idResponse },
  'POST /api/Levels/Update': { body: updateLevelSetRequest, response: okResponse },
  'POST /api/Levels/Delete': { body: levelSetIdRequest, response: okResponse },

  // Media monitoring (members: the stream and its filters; administrators: sources, OPML, keyword rules,
  // hiding and pinning items). GET /api/Media/ExportOpml answers an OPML document, not JSON.
  'GET /api/Media/Stream': { query: mediaStreamQuery, response: mediaStream },
  'GET /api/Media/Filters': { response: mediaFilters },
  'GET /api/Media/Sources': { response: mediaSourceList },
  'POST /api/Media/AddSource': { body: addMediaSourceRequest, response: idResponse },
  'POST /api/Media/UpdateSource': { body: updateMediaSourceRequest, response: okResponse },
  'POST /api/Media/DeleteSource': { body: mediaIdRequest, response: okResponse },
  'POST /api/Media/SetSourceEnabled': { body: setMediaSourceEnabledRequest, response: okResponse },
  'POST /api/Media/ReadSourceNow': { body: mediaIdRequest, response: okResponse },
  'POST /api/Media/ImportOpml': { body: importOpmlRequest, response: opmlImportResult },
  'POST /api/Media/ImportOpmlFile': { multipart: true, response: opmlImportResult },
  'GET /api/Media/KeywordRules': { response: mediaKeywordRuleList },
  'POST /api/Media/AddKeywordRule': { body: addMediaKeywordRuleRequest, response: idResponse },
  'POST /api/Media/UpdateKeywordRule': { body: updateMediaKeywordRuleRequest, response: okResponse },
  'POST /api/Media/DeleteKeywordRule': { body: mediaIdRequest, response: okResponse },
  'POST /api/Media/HideItem': { body: hideMediaItemRequest, response: okResponse },
  'POST /api/Media/PinItem': { body: pinMediaItemRequest, response: okResponse },
  // On-chain monitoring (members: published alerts, 24 h exchange flows, filters; administrators: every
  // alert, writing, publishing and discarding, address labels, the watcher's state).
  'GET /api/Onchain/Alerts': { query: onchainAlertsQuery, response: onchainAlertPage },
  'GET /api/Onchain/Totals': { response: onchainTotals },
  'GET /api/Onchain/Filters': { response: onchainFilters },
  'GET /api/Onchain/AdminAlerts': { query: onchainAdminAlertsQuery, response: onchainAdminAlertPage },
  'POST /api/Onchain/AddAlert': { body: addOnchainAlertRequest, response: idResponse },
  'POST /api/Onchain/UpdateAlert': { body: updateOnchainAlertRequest, response: okResponse },
  'POST /api/Onchain/DeleteAlert': { body: onchainIdRequest, response: okResponse },
  'POST /api/Onchain/PublishAlert': { body: onchainIdRequest, response: okResponse },
  'POST /api/Onchain/DiscardAlert': { body: onchainIdRequest, response: okResponse },
  'GET /api/Onchain/Labels': { response: onchainLabelList },
  'POST /api/Onchain/AddLabel': { body: addOnchainLabelRequest, response: idResponse },
  'POST /api/Onchain/UpdateLabel': { body: updateOnchainLabelRequest, response: okResponse },
  'POST /api/Onchain/DeleteLabel': { body: onchainIdRequest, response: okResponse },
  'GET /api/Onchain/WatcherState': { response: onchainWatcherState },

  'GET /api/Advisory/GetAllAds': { response: adminAdvisoryList },
  'GET /api/Advisory/GetAdvisory': { query: advisoryIdQuery, response: adminAdvisory },
  'GET /api/Advisory/GetAllTraders': { response: traderSummaryList },
  'POST /api/Advisory/AddOrUpdateAdvisory': { body: addOrUpdateAdvisoryRequest, response: idResponse },
  'POST /api/Advisory/DeleteAdvisory': { query: advisoryIdQuery, response: okResponse },
  'POST /api/SystemMessage/AddOrUpdateSystemMessage': {
    body: addOrUpdateSystemMessageRequest,
    response: systemMessage,
  },
  'POST /api/SystemMessage/UpdateSystemMessageIsRoll': { query: messageFlagQuery, response: okResponse },
  'POST /api/SystemMessage/UpdateSystemMessageIsPop': { query: messageFlagQuery, response: okResponse },
  'POST /api/SystemMessage/DeleteSystemMessage': { query: messageIdQuery, response: okResponse },
} as const satisfies Record<`${HttpMethod} /${string}`, Endpoint>;

export type ApiContract = typeof apiContract;
export type EndpointKey = keyof ApiContract;

/** The paths of one method: `PathOf<'GET'>` is `'/api/Management/GetRoles' | …`. */
export type PathOf<M extends HttpMethod> = EndpointKey extends infer K
  ? K extends `${M} ${infer P}`
    ? P
    : never
  : never;

/** The contract entry of a method and path. */
export type EndpointAt<M extends HttpMethod, P extends PathOf<M>> = ApiContract[`${M} ${P}` & EndpointKey];

/** Paths of calls that send JSON (or nothing), and of multipart uploads. */
export type JsonPathOf<M extends HttpMethod> = {
  [P in PathOf<M>]: EndpointAt<M, P> extends { multipart: true } ? never : P;
}[PathOf<M>];
export type UploadPath = {
  [P in PathOf<'POST'>]: EndpointAt<'POST', P> extends { multipart: true } ? P : never;
}[PathOf<'POST'>];

/** What a value in the address may be: the client turns it into text. */
export type AddressValue = string | number | boolean;

/** A path or query schema's input with its coerced fields (zod input `unknown`) as address values. */
export type AddressValues<T> = { [K in keyof T]: unknown extends T[K] ? AddressValue : T[K] };

/** The answer of a successful call, as its response schema reads it. */
export type ResponseOf<E extends Endpoint> = z.output<E['response']>;
/** The JSON body a call takes (never: none). */
export type BodyOf<E extends Endpoint> = E extends { body: infer B extends z.ZodType } ? z.input<B> : never;
export type ParamsOf<E extends Endpoint> = E extends { params: infer S extends z.ZodType }
  ? AddressValues<z.input<S>>
  : never;
export type QueryOf<E extends Endpoint> = E extends { query: infer S extends z.ZodType }
  ? AddressValues<z.input<S>>
  : never;

/**
 * The parts of the address a call must give: `params` for a path with parameters, `query` when the route
 * reads a query string (optional when all of its fields are).
 */
export type AddressParts<E extends Endpoint> = (E extends { params: z.ZodType }
  ? { params: ParamsOf<E> }
  : { params?: never }) &
  (E extends { query: z.ZodType }
    ? Partial<QueryOf<E>> extends QueryOf<E>
      ? { query?: QueryOf<E> }
      : { query: QueryOf<E> }
    : { query?: never });

export { endpointUrl } from './endpoint-url.ts';

/** The contract entry of a method and path, or undefined when the API has no such JSON call. */
export function endpointOf(method: HttpMethod, path: string): Endpoint | undefined {
  return (apiContract as Record<string, Endpoint>)[`${method} ${path}`];
}
