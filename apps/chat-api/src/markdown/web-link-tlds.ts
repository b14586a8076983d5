// The top-level domains a bare `name.tld` is linked for. Zulip uses the full IANA list minus
// java, md, mov, py and zip (file extensions people type far more often than those domains);
// this holds every two-letter country domain (less md and py) and the generic ones chat
// messages commonly name. A rarer generic domain stays text here where Zulip links it.
const COUNTRY = `ac ad ae af ag ai al am ao aq ar as at au aw ax az ba bb bd be bf bg bh bi bj bm bn bo br bs bt
bv bw by bz ca cc cd cf cg ch ci ck cl cm cn co cr cu cv cw cx cy cz de dj dk dm do dz ec ee eg er es et eu
fi fj fk fm fo fr ga gb gd ge gf gg gh gi gl gm gn gp gq gr gs gt gu gw gy hk hm hn hr ht hu id ie il im in
io iq ir is it je jm jo jp ke kg kh ki km kn kp kr kw ky kz la lb lc li lk lr ls lt lu lv ly ma mc me mg mh
mk ml mm mn mo mp mq mr ms mt mu mv mw mx my mz na nc ne nf ng ni nl no np nr nu nz om pa pe pf pg ph pk pl
pm pn pr ps pt pw qa re ro rs ru rw sa sb sc sd se sg sh si sj sk sl sm sn so sr ss st su sv sx sy sz tc td
tf tg th tj tk tl tm tn to tr tt tv tw tz ua ug uk us uy uz va vc ve vg vi vn vu wf ws ye yt za zm zw`;

const GENERIC = `com org net edu gov mil int info biz name pro aero asia cat coop jobs mobi museum tel travel
xxx app dev page blog shop store online site website tech cloud email link live news chat social media
zone world life today space design digital network systems solutions services software tools team group
global company agency studio club games art wiki xyz top win vip icu ltd inc llc gmbh io co ai me tv
academy capital center community consulting education finance financial fund health legal money
partners photo photos pictures reviews school science support technology university video works zulip
dog cafe codes foundation guide help host hosting institute land ninja plus run sh tips town`;

export const LINKABLE_TLDS: readonly string[] = [
  ...new Set(`${COUNTRY} ${GENERIC}`.split(/\s+/).filter((tld) => tld.length > 0)),
].sort((a, b) => b.length - a.length);
