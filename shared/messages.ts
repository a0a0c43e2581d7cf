import type { Locale } from './constants.ts';
import { PERMISSION_DENIED } from './problem.ts';
import { SIGN_IN_MESSAGES } from './sign-in-messages.ts';

// Validation and error messages that both sides show: zod schemas in shared/schemas use these keys as
// their messages; the server translates them into the request's language, the web app with its locale.
// Texts of spec §5 and §8 are kept word for word where the spec gives them.

export const MESSAGES = {
  required: { zh: '此项为必填项', en: 'This field is required' },
  emailRequired: { zh: '请输入邮箱', en: 'Please enter your e-mail' },
  emailInvalid: { zh: '请输入有效的邮箱地址', en: 'Please enter a valid e-mail address' },
  emailTooLong: { zh: '邮箱长度不能超过100个字符', en: 'Max length cannot exceed 100' },
  passwordRequired: { zh: '请输入密码', en: 'Please enter your password' },
  passwordLength: { zh: '密码长度须为8-30个字符', en: 'The password must be 8 to 30 characters' },
  confirmRequired: { zh: '请再次输入密码', en: 'Please confirm the password' },
  passwordsMismatch: { zh: '两次输入的密码不一致', en: 'the two passwords do not match' },
  captchaRequired: { zh: '请输入图形验证码', en: 'Please enter the graphic captcha' },
  captchaLength: { zh: '图形验证码为6个字符', en: 'The graphic captcha has 6 characters' },
  captchaIncorrect: {
    zh: '图形验证码错误或已过期，请重新输入',
    en: 'The graphic captcha is incorrect or expired',
  },
  termsRequired: { zh: '请阅读并同意用户协议', en: 'Please read and agree to the terms of use' },
  regionRequired: {
    zh: '您必须确认自己不是受限地区的居民',
    en: 'You must confirm that you are not a resident of a restricted region',
  },
  resetCodeRequired: { zh: '请输入重置码', en: 'The reset code is required' },
  resetCodeInvalid: {
    zh: '重置码无效或已过期，请重新申请',
    en: 'The reset code is invalid or has expired: ask for a new one',
  },
  confirmLinkInvalid: {
    zh: '确认链接无效或已过期',
    en: 'The confirmation link is invalid or has expired',
  },
  ...SIGN_IN_MESSAGES,
  emailNotConfirmed: {
    zh: '邮箱尚未确认，请先点击确认邮件中的链接',
    en: 'Your e-mail is not confirmed yet: open the link in the confirmation e-mail first',
  },
  twoFactorCodeRequired: { zh: '请输入验证码', en: 'Please enter the code' },
  twoFactorCodeFormat: { zh: '验证码为6位数字', en: 'The code has 6 digits' },
  recoveryCodeFormat: {
    zh: '恢复码为10个字母或数字（如 abcde-12345）',
    en: 'A recovery code has 10 letters or digits (like abcde-12345)',
  },
  twoFactorCodeIncorrect: {
    zh: '验证码错误、已过期或已使用',
    en: 'The code is incorrect, expired or already used',
  },
  twoFactorSignInExpired: {
    zh: '登录验证已过期，请重新输入密码',
    en: 'The sign-in has expired: enter your password again',
  },
  twoFactorSetupRequired: {
    zh: '管理员须先开启两步验证',
    en: 'Administrators must turn on two-factor sign-in first',
  },
  twoFactorStepUpRequired: {
    zh: '此操作需要重新输入验证码',
    en: 'This action needs a fresh code from your authenticator',
  },
  twoFactorAlreadyEnabled: { zh: '两步验证已开启', en: 'Two-factor sign-in is already on' },
  twoFactorNotEnabled: { zh: '两步验证未开启', en: 'Two-factor sign-in is not on' },
  twoFactorSetupNotBegun: {
    zh: '请先开始设置两步验证',
    en: 'Begin the two-factor set-up first',
  },
  twoFactorRequiredForAdmins: {
    zh: '管理员不能关闭两步验证',
    en: 'Administrators cannot turn two-factor sign-in off',
  },
  currentPasswordIncorrect: { zh: '当前密码错误', en: 'The current password is incorrect' },
  emailUnchanged: { zh: '新邮箱与当前邮箱相同', en: 'The new e-mail is the same as the current one' },
  nicknameTooLong: { zh: '昵称不能超过30个字符', en: 'The nickname cannot exceed 30 characters' },
  phoneInvalid: { zh: '请输入有效的电话号码', en: 'Please enter a valid phone number' },
  genderInvalid: { zh: '请选择性别', en: 'Please choose a gender' },
  invalid: { zh: '输入无效', en: 'The value is not valid' },
  tooLong: { zh: '内容过长', en: 'The value is too long' },
  permissionDenied: { zh: PERMISSION_DENIED, en: PERMISSION_DENIED },
  notSignedIn: { zh: '请先登录', en: 'Please sign in' },
  notMember: {
    zh: '您还不是会员，请联系客服开通会员',
    en: 'You are not a member yet: contact customer service to become one',
  },
  tooManyRequests: { zh: '请求过于频繁，请稍后再试', en: 'Too many requests: please try again later' },
  tagNameRequired: { zh: '标签名称为必填项', en: 'tag name is required' },
  tagNameTooLong: { zh: '标签名称不能超过30个字符', en: 'The tag name cannot exceed 30 characters' },
  tagExists: { zh: '已有同名标签', en: 'A tag with this name already exists' },
  tagNotFound: { zh: '标签不存在', en: 'No such tag' },
  adminTagLocked: {
    zh: 'ADMIN标签不能选择、编辑或删除',
    en: 'The Admin tag cannot be chosen, edited or deleted',
  },
  unknownRoles: { zh: '包含不存在的标签', en: 'Some of the tags do not exist' },
  unknownUsers: { zh: '包含不存在的用户', en: 'Some of the users do not exist' },
  userNotFound: { zh: '用户不存在', en: 'No such user' },
  sessionless: { zh: '此登录凭据不属于任何会话', en: 'This token is not tied to a session' },
  expiryDaysRange: {
    zh: '天数须为-1000到1000之间的整数',
    en: 'Days must be a whole number from -1000 to 1000',
  },
  memberDaysInteger: { zh: '会员天数须为整数', en: 'Member days must be a whole number' },
  tooManyRows: { zh: '一次最多选择5000个用户', en: 'Select at most 5,000 users at a time' },
  categoryLabelRequired: { zh: '类型名称为必填项', en: 'The type name is required' },
  categorySortRequired: { zh: '排序为必填项', en: 'The sort order is required' },
  categoryParentMissing: { zh: '上级类型不存在', en: 'The parent type does not exist' },
  categoryCycle: {
    zh: '不能把类型移到它自己或它的下级之下',
    en: 'A type cannot be moved under itself or its own sub-types',
  },
  categoryInUse: {
    zh: '该类型下还有子类型或文章，不能删除',
    en: 'This type still has sub-types or articles and cannot be deleted',
  },
  categoryNotFound: { zh: '类型不存在', en: 'No such type' },
  teachTitleRequired: { zh: '教学标题为必填项', en: 'The tutorial title is required' },
  teachDescriptionRequired: { zh: '教学描述为必填项', en: 'The tutorial description is required' },
  descriptionTooLong: { zh: '描述不能超过500个字符', en: 'The description cannot exceed 500 characters' },
  coverRequired: { zh: '请上传', en: 'Please upload' },
  classificationRequired: { zh: '请选择类型', en: 'Please choose a type' },
  contentRequired: { zh: '请输入正文', en: 'Please write the content' },
  contentTooLong: { zh: '正文过长', en: 'The content is too long' },
  approvalRequired: { zh: '内容审核为必填项', en: 'The review text is required' },
  approvalStatusInvalid: {
    zh: '审核结果只能是通过或不通过',
    en: 'The review result must be pass or not pass',
  },
  articleNotPending: { zh: '该文章已审核，不能再次审核', en: 'This article has already been reviewed' },
  articleNotFound: { zh: '文章不存在', en: 'No such article' },
  commentRequired: { zh: '请输入评论内容', en: 'Please write a comment' },
  commentTooLong: { zh: '评论不能超过1000个字符', en: 'A comment cannot exceed 1000 characters' },
  commentNotFound: { zh: '评论不存在', en: 'No such comment' },
  uploadFailed: { zh: '上传失败', en: 'Upload failed' },
  badUrl: { zh: '无法识别该地址', en: 'The address cannot be read.' },
  databaseUnavailable: {
    zh: '服务暂时不可用，请稍后重试',
    en: 'The service is briefly unavailable. Please try again in a moment.',
  },
  uploadTooManyPixels: {
    zh: '图片尺寸不能超过 4096×4096 像素',
    en: 'The image cannot be larger than 4096 × 4096 pixels.',
  },
  uploadTooManyAtOnce: {
    zh: '您有图片正在处理，请稍后再上传',
    en: 'Your previous images are still being processed. Please upload again in a moment.',
  },
  uploadBusy: {
    zh: '图片处理繁忙，请稍后重试',
    en: 'Image processing is busy. Please try again in a moment.',
  },
  externalImageRefused: {
    zh: '内容中的图片地址无法获取：只能使用公开网站的 https 图片，或直接上传图片',
    en: 'An image in it has an address the portal does not fetch: use https images of public sites, or upload the image.',
  },
  externalImageUnavailable: {
    zh: '内容中的图片无法从其网站获取，请直接上传该图片',
    en: 'An image in it could not be fetched from its site. Please upload the image instead.',
  },
  externalImageNotAccepted: {
    zh: '内容中的图片不符合要求：需为不超过 5 MB、4096×4096 像素的 JPEG、PNG、WebP 或 GIF 图片',
    en: 'An image in it is not a JPEG, PNG, WebP or GIF of at most 5 MB and 4096 × 4096 pixels.',
  },
  externalImagesTooMany: {
    zh: '来自其他网站的图片不能超过 20 张，请直接上传图片',
    en: 'It takes more than 20 images from other sites. Please upload the images instead.',
  },
  uploadMalformed: { zh: '无法读取上传的内容', en: 'The upload could not be read.' },
  uploadEmpty: { zh: '文件是空的', en: 'The file is empty.' },
  uploadTooLarge: { zh: '文件不能超过 5 MB', en: 'The file is larger than 5 MB.' },
  uploadNotImage: {
    zh: '只能上传 JPEG、PNG、WebP 或 GIF 图片',
    en: 'Only JPEG, PNG, WebP or GIF images can be uploaded.',
  },
  uploadUnreadable: { zh: '无法读取该图片', en: 'The image cannot be read.' },
  coverInvalid: {
    zh: '封面必须是上传的图片或 https 地址',
    en: 'The cover must be an uploaded image or an https address',
  },
  traderNameRequired: { zh: 'Trader名称为必填项', en: 'The trader name is required' },
  apiKeyRequired: { zh: 'API KEY为必填项', en: 'The API key is required' },
  apiSecretRequired: { zh: 'Api Secret为必填项', en: 'The API secret is required' },
  currencyRatioRequired: { zh: '货币比例为必填项', en: 'The currency ratio is required' },
  leverageRatioRequired: { zh: '杠杆比例为必填项', en: 'The leverage ratio is required' },
  ratioMinimum: { zh: '比例不能小于0.000001', en: 'The ratio must be at least 0.000001' },
  ratioMaximum: { zh: '比例不能大于1000000', en: 'The ratio must be at most 1,000,000' },
  traderKeyNotFound: { zh: 'Trader不存在', en: 'No such trader' },
  symbolRequired: { zh: '请选择交易对', en: 'Choose a symbol' },
  symbolInvalid: { zh: '交易对格式无效', en: 'A symbol is 2 to 30 letters and digits, such as BTCUSDT' },
  intervalInvalid: { zh: 'K线周期无效', en: 'The candle interval is not one of the offered ones' },
  limitInvalid: { zh: 'K线数量须为1-499', en: 'The number of candles must be 1 to 499' },
  marketSymbolNotListed: { zh: '该交易对不在行情列表中', en: 'This symbol is not on the market list' },
  marketSymbolUnknown: {
    zh: '交易所没有该交易对，或其当前不可交易',
    en: 'The exchange does not list this symbol, or it is not trading now',
  },
  marketSymbolExists: { zh: '该交易对已在行情列表中', en: 'This symbol is already on the market list' },
  levelPriceInvalid: { zh: '价格须为正数', en: 'A price must be a positive number' },
  strengthInvalid: { zh: '强度须为1-5', en: 'The strength is 1 to 5' },
  biasInvalid: { zh: '请选择方向：看多、看空或中性', en: 'Choose a bias: bullish, bearish or neutral' },
  tooManyLevels: { zh: '每组最多20个价位', en: 'At most 20 levels of each kind' },
  tooManyTargets: { zh: '最多10个目标价', en: 'At most 10 targets' },
  levelsRequired: {
    zh: '请至少填写一个支撑位或压力位',
    en: 'Enter at least one support or resistance level',
  },
  expiryInvalid: { zh: '到期时间无效', en: 'The expiry is not a valid time' },
  expiryPast: { zh: '到期时间须晚于现在', en: 'The expiry must be in the future' },
  levelSetNotFound: { zh: '该支撑压力不存在', en: 'No such level set' },
  marketUnavailable: {
    zh: '暂时无法从交易所获取行情，请稍后重试',
    en: 'Market data cannot be read from the exchange right now. Please try again shortly.',
  },
  traderKeyCheckUnanswered: {
    zh: '负责同步该密钥的进程暂未响应，请稍后重试',
    en: 'The process that syncs this key did not answer in time. Please try again shortly.',
  },
  traderKeyInactive: { zh: '所选Trader未启用或不存在', en: 'A chosen trader is inactive or does not exist' },
  tradersRequired: { zh: '请选择要推送的Trader', en: 'Choose at least one trader to push to' },
  advisoryTitleRequired: { zh: '策略标题为必填项', en: 'The strategy title is required' },
  advisoryNotFound: { zh: '策略不存在', en: 'No such strategy' },
  quantNameRequired: { zh: '策略名称为必填项', en: 'The strategy name is required' },
  quantNameTooLong: { zh: '策略名称不能超过100个字符', en: 'The strategy name cannot exceed 100 characters' },
  quantTypeInvalid: { zh: '请选择策略类型', en: 'Choose a strategy type' },
  quantRiskLevelInvalid: { zh: '请选择风险等级：低、中或高', en: 'Choose a risk level: low, medium or high' },
  quantStatusInvalid: {
    zh: '请选择策略状态：回测、模拟盘或实盘',
    en: 'Choose a status: backtest, paper trading or live',
  },
  quantMarketTooLong: { zh: '市场不能超过60个字符', en: 'The market cannot exceed 60 characters' },
  quantTimeframeTooLong: { zh: '周期不能超过20个字符', en: 'The timeframe cannot exceed 20 characters' },
  quantSymbolsTooMany: { zh: '交易对不能超过20个', en: 'At most 20 symbols' },
  quantParametersTooMany: { zh: '参数不能超过50项', en: 'At most 50 parameters' },
  quantParameterKeyRequired: { zh: '参数名为必填项', en: 'A parameter needs a name' },
  quantParameterKeyTooLong: {
    zh: '参数名不能超过60个字符',
    en: 'A parameter name cannot exceed 60 characters',
  },
  quantParameterValueTooLong: {
    zh: '参数值不能超过200个字符',
    en: 'A parameter value cannot exceed 200 characters',
  },
  quantParameterKeyDuplicate: { zh: '参数名不能重复', en: 'Each parameter name may appear only once' },
  quantNumberInvalid: { zh: '请输入有效的数字', en: 'Enter a valid number' },
  quantReturnRange: {
    zh: '收益率不能低于-100%，也不能超出允许的上限',
    en: 'A return cannot be below -100 % or above the allowed maximum',
  },
  quantDrawdownRange: { zh: '最大回撤须在0到100%之间', en: 'The max drawdown is 0 to 100 %' },
  quantWinRateRange: { zh: '胜率须在0到100%之间', en: 'The win rate is 0 to 100 %' },
  quantRatioRange: { zh: '比率超出允许范围', en: 'The ratio is out of the allowed range' },
  quantTradesInvalid: {
    zh: '交易次数须为不小于0的整数',
    en: 'The number of trades is a whole number of at least 0',
  },
  quantBalanceRange: {
    zh: '初始资金须大于0，最终资金不能小于0',
    en: 'The starting balance must be above 0 and the final balance at least 0',
  },
  quantCurrencyTooLong: { zh: '币种不能超过12个字符', en: 'The currency cannot exceed 12 characters' },
  quantDateInvalid: { zh: '日期须为有效的 YYYY-MM-DD', en: 'A date is a valid YYYY-MM-DD' },
  quantPeriodOrder: { zh: '结束日期不能早于开始日期', en: 'The end date cannot be before the start date' },
  quantDailyKindInvalid: {
    zh: '每日序列须为每日盈亏或每日权益',
    en: 'The daily series holds either daily profits or daily equity',
  },
  quantDailyTooMany: { zh: '每日序列不能超过10000天', en: 'The daily series cannot exceed 10,000 days' },
  quantDailyDuplicate: { zh: '每日序列中有重复的日期', en: 'The daily series has the same date twice' },
  quantStartingBalanceRequired: {
    zh: '按每日盈亏录入时须填写初始资金',
    en: 'A daily profit series needs the starting balance',
  },
  quantStrategyNotFound: { zh: '量化策略不存在', en: 'No such quantitative strategy' },
  freqtradeArchive: {
    zh: '这是一个压缩文件：请解压后上传其中的 backtest-result-*.json 文件',
    en: 'This is a compressed archive: unpack it and upload the backtest-result-*.json file inside',
  },
  freqtradeNotJson: {
    zh: '文件不是有效的 JSON：请上传 freqtrade 回测结果文件（backtest-result-*.json）',
    en: 'The file is not valid JSON: upload a freqtrade backtest result (backtest-result-*.json)',
  },
  freqtradeNotResult: {
    zh: '这不是 freqtrade 回测结果：文件中没有 strategy 对象',
    en: 'This is not a freqtrade backtest result: the file has no "strategy" object',
  },
  freqtradeNoStrategy: {
    zh: '该回测结果中没有任何策略',
    en: 'The backtest result holds no strategy',
  },
  freqtradeStrategyUnknown: {
    zh: '回测结果中没有该名称的策略',
    en: 'The backtest result holds no strategy of that name',
  },
  freqtradeFieldInvalid: {
    zh: 'freqtrade 回测结果中有字段缺失或格式不正确',
    en: 'A field of the freqtrade backtest result is missing or of the wrong type',
  },
  freqtradeTooLarge: { zh: '文件不能超过 20 MB', en: 'The file is larger than 20 MB.' },
  mediaUrlRequired: { zh: '请输入订阅源地址', en: 'Enter the address of the feed' },
  mediaUrlInvalid: {
    zh: '订阅源地址须为 http 或 https 网址',
    en: 'The feed address must be an http or https address',
  },
  mediaUrlCredentials: {
    zh: '订阅源地址不能包含用户名或密码',
    en: 'The feed address cannot hold a user name or password',
  },
  mediaUrlTooLong: {
    zh: '订阅源地址不能超过2048个字符',
    en: 'The feed address cannot exceed 2,048 characters',
  },
  mediaTitleTooLong: { zh: '名称不能超过200个字符', en: 'The name cannot exceed 200 characters' },
  mediaKindInvalid: {
    zh: '请选择类型：新闻、KOL、交易所公告或其他',
    en: 'Choose a kind: news, KOL, exchange announcement or other',
  },
  mediaLanguageInvalid: {
    zh: '请选择语言：中文、英文或其他',
    en: 'Choose a language: Chinese, English or other',
  },
  mediaPollIntervalRange: {
    zh: '抓取间隔须为60到86400秒之间的整数',
    en: 'The polling interval is a whole number of seconds from 60 to 86,400',
  },
  mediaSourceExists: { zh: '已有该地址的订阅源', en: 'A source with this address already exists' },
  mediaSourceNotFound: { zh: '订阅源不存在', en: 'No such source' },
  mediaSourceDisabled: { zh: '订阅源已停用，请先启用', en: 'This source is disabled; enable it first' },
  mediaItemNotFound: { zh: '该资讯不存在', en: 'No such item' },
  mediaKeywordRequired: { zh: '请输入关键词', en: 'Enter a keyword or phrase' },
  mediaKeywordTooLong: { zh: '关键词不能超过100个字符', en: 'The keyword cannot exceed 100 characters' },
  mediaTagRequired: { zh: '请输入标签', en: 'Enter a tag' },
  mediaTagTooLong: { zh: '标签不能超过30个字符', en: 'The tag cannot exceed 30 characters' },
  mediaKeywordRuleExists: {
    zh: '已有相同关键词和标签的规则',
    en: 'A rule with this keyword and tag already exists',
  },
  mediaKeywordRulesTooMany: { zh: '关键词规则不能超过500条', en: 'At most 500 keyword rules' },
  mediaKeywordRuleNotFound: { zh: '关键词规则不存在', en: 'No such keyword rule' },
  mediaSearchTooLong: { zh: '搜索内容不能超过100个字符', en: 'The search cannot exceed 100 characters' },
  mediaLimitInvalid: { zh: '每页数量须为1-50', en: 'A page holds 1 to 50 items' },
  mediaCursorInvalid: {
    zh: '分页位置无效，请从第一页重新加载',
    en: 'The page position is not valid: load again from the first page',
  },
  opmlRequired: { zh: '请提供 OPML 文件', en: 'Provide an OPML file' },
  opmlTooLarge: { zh: 'OPML 文件不能超过 1 MB', en: 'The OPML file is larger than 1 MB.' },
  opmlNotXml: {
    zh: '文件不是有效的 OPML：它不是格式正确的 XML',
    en: 'The file is not a valid OPML document: it is not well-formed XML',
  },
  opmlNotOpml: {
    zh: '这不是 OPML 文件：根元素须为 <opml>，且包含 <body>',
    en: 'This is not an OPML file: its root must be <opml>, with a <body>',
  },
  opmlTooManySources: {
    zh: 'OPML 文件中的订阅源不能超过1000个',
    en: 'The OPML file lists more than 1,000 feeds',
  },
  onchainChainInvalid: {
    zh: '请选择链：Ethereum、BNB Smart Chain、Polygon、Arbitrum、Optimism 或 Base',
    en: 'Choose a chain: Ethereum, BNB Smart Chain, Polygon, Arbitrum, Optimism or Base',
  },
  onchainAssetRequired: { zh: '请输入资产代码', en: 'Enter the asset’s symbol' },
  onchainAssetInvalid: {
    zh: '资产代码须为1-20个字符，不含空格',
    en: 'The asset’s symbol is 1 to 20 characters without spaces',
  },
  onchainAmountInvalid: {
    zh: '数量须为正数（最多40位整数和36位小数）',
    en: 'The amount is a positive number (up to 40 digits, and 36 after the point)',
  },
  onchainUsdInvalid: { zh: '美元价值须为不小于0的数字', en: 'The US dollar value is a number of 0 or more' },
  onchainAddressInvalid: {
    zh: '地址须为 0x 加40位十六进制字符',
    en: 'An address is 0x followed by 40 hexadecimal digits',
  },
  onchainTxHashInvalid: {
    zh: '交易哈希须为 0x 加64位十六进制字符',
    en: 'A transaction hash is 0x followed by 64 hexadecimal digits',
  },
  onchainDirectionInvalid: {
    zh: '请选择方向：流入交易所、流出交易所、转账、铸造或销毁',
    en: 'Choose a direction: exchange inflow, exchange outflow, transfer, mint or burn',
  },
  onchainImportanceInvalid: { zh: '请选择重要程度：普通或重要', en: 'Choose an importance: normal or high' },
  onchainStatusInvalid: {
    zh: '状态须为待审核、已发布或已丢弃',
    en: 'The status is queued, published or discarded',
  },
  onchainSourceInvalid: { zh: '来源须为手动或监控', en: 'The source is manual or watcher' },
  onchainLogIndexInvalid: {
    zh: '日志序号须为不小于0的整数',
    en: 'The log index is a whole number of 0 or more',
  },
  onchainBlockNumberInvalid: {
    zh: '区块高度须为不小于0的整数',
    en: 'The block number is a whole number of 0 or more',
  },
  onchainTimeInvalid: { zh: '时间格式无效', en: 'The time is not a valid date and time' },
  onchainTimeInFuture: { zh: '时间不能晚于现在', en: 'The time cannot be in the future' },
  onchainCommentTooLong: { zh: '备注不能超过1000个字符', en: 'The comment cannot exceed 1,000 characters' },
  onchainMinUsdInvalid: {
    zh: '最低美元价值须为不小于0的数字',
    en: 'The minimum US dollar value is a number of 0 or more',
  },
  onchainLimitInvalid: { zh: '每页数量须为1-50', en: 'A page holds 1 to 50 alerts' },
  onchainCursorInvalid: {
    zh: '分页位置无效，请从第一页重新加载',
    en: 'The page position is not valid: load again from the first page',
  },
  onchainAlertNotFound: { zh: '该链上提醒不存在', en: 'No such on-chain alert' },
  onchainAlertExists: {
    zh: '该交易的这条转账记录已有提醒',
    en: 'An alert for this transfer (transaction and log index) already exists',
  },
  onchainAlertNotQueued: {
    zh: '只有待审核的提醒可以发布或丢弃',
    en: 'Only a queued alert can be published or discarded',
  },
  onchainLabelNameRequired: { zh: '请输入地址所有者名称', en: 'Enter the owner’s name' },
  onchainLabelNameTooLong: {
    zh: '所有者名称不能超过100个字符',
    en: 'The owner’s name cannot exceed 100 characters',
  },
  onchainLabelKindInvalid: {
    zh: '请选择类型：交易所、基金、项目或其他',
    en: 'Choose a kind: exchange, fund, project or other',
  },
  onchainLabelExists: { zh: '该地址已有标签', en: 'This address already has a label' },
  onchainLabelNotFound: { zh: '地址标签不存在', en: 'No such address label' },
  onchainLabelsTooMany: { zh: '地址标签不能超过5000个', en: 'At most 5,000 address labels' },
  reactionInvalid: {
    zh: '反馈类型无效',
    en: 'The reaction must be following, reverse-following or watching',
  },
  messageTitleRequired: { zh: '消息标题为必填项', en: 'The message title is required' },
  messageContentRequired: { zh: '消息内容为必填项', en: 'The message content is required' },
  messageNotFound: { zh: '消息不存在', en: 'No such message' },
  notSubscribable: {
    zh: '您的会员等级不能订阅该Trader',
    en: 'Your membership cannot subscribe to this trader',
  },
  emailTaken: { zh: '该邮箱已被其他账户使用', en: 'This e-mail belongs to another account' },
  rewardCreditRange: {
    zh: '奖励积分须为1到1000000之间的整数',
    en: 'The reward credit is a whole number from 1 to 1,000,000',
  },
  rewardDaysRange: {
    zh: '奖励天数须为1到365之间的整数',
    en: 'The reward days are a whole number from 1 to 365',
  },
  rewardNotFound: { zh: '该邀请奖励不存在', en: 'No such invitation reward' },
  rewardAlreadyReversed: { zh: '该邀请奖励已撤销', en: 'This invitation reward has already been reversed' },
  creditAmountInvalid: {
    zh: '调整数额须为非零整数，绝对值不超过1000000',
    en: 'The adjustment is a whole number other than 0, at most 1,000,000 either way',
  },
  creditReasonRequired: { zh: '请填写原因', en: 'Please give a reason' },
  creditReasonTooLong: { zh: '原因不能超过200个字符', en: 'The reason cannot exceed 200 characters' },
  creditWouldGoNegative: {
    zh: '此操作会使积分余额低于0，确认后才能继续',
    en: 'This would take the credit balance below 0: it needs your confirmation',
  },
  auditDateInvalid: {
    zh: '日期须为带时区的 ISO 8601 时间，例如 2025-03-01T00:00:00+08:00',
    en: 'A date must be an ISO 8601 date-time with its time zone, e.g. 2025-03-01T00:00:00+08:00',
  },
  auditRangeInvalid: { zh: '结束时间须晚于开始时间', en: 'The end of the range must come after its start' },
  auditTargetTypeRequired: {
    zh: '按对象编号筛选时须同时选择对象类型',
    en: 'Choose the target type to filter by a target id',
  },
  auditPageInvalid: { zh: '页码须为不小于1的整数', en: 'The page must be a whole number from 1' },
  auditPageSizeRange: {
    zh: '每页条数须为1到200之间的整数',
    en: 'The page size must be a whole number from 1 to 200',
  },
  auditPageTooDeep: {
    zh: '只能翻阅前10000条记录，请用日期范围或其他条件缩小范围',
    en: 'Only the first 10,000 rows can be paged through: narrow them with a date range or another filter',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type MessageKey = keyof typeof MESSAGES;

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(MESSAGES, value);
}

/** The text of a message key in a locale; anything that is not a key is returned as it is. */
export function message(keyOrText: string, locale: Locale): string {
  return isMessageKey(keyOrText) ? MESSAGES[keyOrText][locale] : keyOrText;
}

/** Picks zh or en from an Accept-Language header (zh is the default). */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  if (!header) return 'zh';
  const first = header
    .split(',')
    .map((part) => {
      const [tag = '', q] = part.trim().split(';q=');
      return { tag: tag.toLowerCase(), q: q === undefined ? 1 : Number(q) };
    })
    .filter((entry) => entry.tag.startsWith('zh') || entry.tag.startsWith('en'))
    .sort((a, b) => b.q - a.q)[0];
  return first?.tag.startsWith('en') ? 'en' : 'zh';
}
