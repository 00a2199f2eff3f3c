//+------------------------------------------------------------------+
//| VortexBridge.mq5                                                  |
//| Liga este terminal MetaTrader 5 ao agente local do Vortex         |
//| (vortex-bridge --adapter ea) por TCP em 127.0.0.1.                |
//|                                                                  |
//| Wire: one JSON object per line (UTF-8, "\n"). The EA is the      |
//| client; see apps/bridge/src/ea/ea-protocol.ts for every message. |
//|   EA -> agent: hello, heartbeat, account, positions, orders,     |
//|                deals, history_orders, bars, command_result       |
//|   agent -> EA: sync {after_ticket, orders_since_msc}, command    |
//|                {command_id, kind, ...flat fields}, error         |
//| Source text is kept ASCII: the agent words everything the trader |
//| reads in pt-BR from retcodes and error codes.                    |
//+------------------------------------------------------------------+
#property copyright "Vortex"
#property version   "1.02"
#property description "Ponte entre o MetaTrader 5 e o agente local do Vortex (127.0.0.1)."

#include <Trade\Trade.mqh>

input string InpHost        = "127.0.0.1"; // Agent host (keep it local)
input ushort InpPort        = 5555;        // Agent port (vortex-bridge --ea-port)
input int    InpTimerMs     = 500;         // Timer period, ms
input int    InpHeartbeatSec = 5;          // Heartbeat and full state refresh, s
input int    InpReconnectSec = 3;          // Wait between connection attempts, s
input ulong  InpDeviation   = 10;          // Max slippage for market orders, points

#define EA_VERSION       "1.02"
#define PROTOCOL_VERSION 1
#define DEALS_PER_LINE   200
#define MAX_DIGITS_SYMBOLS 5000
#define MAX_SPEC_SYMBOLS 1000
#define BAR_HISTORY      500
#define MAX_SUBSCRIPTIONS 20

CTrade   g_trade;
int      g_socket = INVALID_HANDLE;
uchar    g_rx[];                  // bytes received, not yet split into lines
bool     g_synced = false;        // the agent told us where to resume deals
ulong    g_lastDeal = 0;          // highest deal ticket sent (or known by the agent)
datetime g_histFrom = 0;          // HistorySelect start for the next scan
long     g_ordersSince = 0;       // newest ORDER_TIME_DONE_MSC sent (or known by the agent)
ulong    g_sentAtSince[];         // history orders sent with exactly that done time
bool     g_tradeDirty = true;     // OnTradeTransaction saw something
datetime g_lastConnectTry = 0;
int      g_lastConnectError = 0;
datetime g_lastBeat = 0;
string   g_lastAccount = "", g_lastPositions = "", g_lastOrders = "";

string          g_subSymbol[];
string          g_subTfName[];
ENUM_TIMEFRAMES g_subTf[];
datetime        g_subLast[];

//+------------------------------------------------------------------+
//| Lifecycle                                                         |
//+------------------------------------------------------------------+
int OnInit()
  {
   g_trade.SetDeviationInPoints(InpDeviation);
   g_trade.LogLevel(LOG_LEVEL_ERRORS);
   if(!EventSetMillisecondTimer(MathMax(100, InpTimerMs)))
      return INIT_FAILED;
   return INIT_SUCCEEDED;
  }

void OnDeinit(const int reason)
  {
   EventKillTimer();
   Disconnect("deinit");
  }

void OnTradeTransaction(const MqlTradeTransaction &trans,
                        const MqlTradeRequest &request,
                        const MqlTradeResult &result)
  {
   g_tradeDirty = true;
  }

void OnTimer()
  {
   if(g_socket == INVALID_HANDLE || !SocketIsConnected(g_socket))
     {
      if(g_socket != INVALID_HANDLE)
         Disconnect("connection lost");
      TryConnect();
      return;
     }
   ReadIncoming();
   if(g_socket == INVALID_HANDLE)
      return;
   bool full = TimeLocal() - g_lastBeat >= InpHeartbeatSec;
   if(full)
     {
      g_lastBeat = TimeLocal();
      SendHeartbeat();
     }
   PushState(full);
   if(g_synced && (g_tradeDirty || full))
     {
      g_tradeDirty = false;
      PushDeals();
      PushHistoryOrders();
     }
   PushBars();
  }

//+------------------------------------------------------------------+
//| Connection                                                        |
//+------------------------------------------------------------------+
void TryConnect()
  {
   if(TimeLocal() - g_lastConnectTry < InpReconnectSec)
      return;
   g_lastConnectTry = TimeLocal();
   // Not logged in yet: the agent needs an account number in hello.
   if(AccountInfoInteger(ACCOUNT_LOGIN) == 0)
      return;
   g_socket = SocketCreate();
   if(g_socket == INVALID_HANDLE)
     {
      Print("VortexBridge: SocketCreate failed, error ", GetLastError());
      return;
     }
   if(!SocketConnect(g_socket, InpHost, InpPort, 1000))
     {
      // Said once per kind of failure: the agent may simply not be running yet.
      int err = GetLastError();
      if(err != g_lastConnectError)
        {
         g_lastConnectError = err;
         Print("VortexBridge: cannot connect to ", InpHost, ":", InpPort, ", error ", err,
               " (is vortex-bridge --adapter ea running? is ", InpHost,
               " in Tools > Options > Expert Advisors > allowed URLs?)");
        }
      SocketClose(g_socket);
      g_socket = INVALID_HANDLE;
      return;
     }
   ArrayFree(g_rx);
   g_lastConnectError = 0;
   g_synced = false;
   g_lastAccount = "";
   g_lastPositions = "";
   g_lastOrders = "";
   g_lastBeat = 0;
   Print("VortexBridge: connected to the agent at ", InpHost, ":", InpPort);
   SendHello();
  }

void Disconnect(const string why)
  {
   if(g_socket == INVALID_HANDLE)
      return;
   SocketClose(g_socket);
   g_socket = INVALID_HANDLE;
   g_synced = false;
   Print("VortexBridge: disconnected (", why, ")");
  }

bool SendLine(const string line)
  {
   if(g_socket == INVALID_HANDLE)
      return false;
   uchar buf[];
   // StringToCharArray counts the terminating zero; it is not sent.
   int len = StringToCharArray(line + "\n", buf, 0, WHOLE_ARRAY, CP_UTF8) - 1;
   int sent = 0;
   while(sent < len)
     {
      uchar part[];
      ArrayCopy(part, buf, 0, sent, len - sent);
      int n = SocketSend(g_socket, part, len - sent);
      if(n <= 0)
        {
         Disconnect("send failed");
         return false;
        }
      sent += n;
     }
   return true;
  }

void ReadIncoming()
  {
   uint avail = SocketIsReadable(g_socket);
   while(avail > 0)
     {
      uchar chunk[];
      int got = SocketRead(g_socket, chunk, avail, 100);
      if(got <= 0)
        {
         Disconnect("read failed");
         return;
        }
      int old = ArraySize(g_rx);
      ArrayResize(g_rx, old + got);
      ArrayCopy(g_rx, chunk, old, 0, got);
      avail = SocketIsReadable(g_socket);
     }
   int size = ArraySize(g_rx);
   int start = 0;
   for(int i = 0; i < size; i++)
     {
      if(g_rx[i] != 10)
         continue;
      // A count of 0 would mean "to the end" to CharArrayToString: skip empty lines first.
      string line = i > start ? CharArrayToString(g_rx, start, i - start, CP_UTF8) : "";
      start = i + 1;
      StringTrimRight(line);
      if(StringLen(line) > 0)
         HandleLine(line);
      if(g_socket == INVALID_HANDLE)
         return;
     }
   if(start == 0)
      return;
   uchar rest[];
   if(size > start)
      ArrayCopy(rest, g_rx, 0, start, size - start);
   ArrayFree(g_rx);
   if(ArraySize(rest) > 0)
      ArrayCopy(g_rx, rest);
  }

//+------------------------------------------------------------------+
//| Incoming messages                                                 |
//+------------------------------------------------------------------+
void HandleLine(const string line)
  {
   string keys[];
   string vals[];
   if(JsonParseFlat(line, keys, vals) < 0)
     {
      Print("VortexBridge: ignored a line that is not a flat JSON object");
      return;
     }
   string type = JGet(keys, vals, "type");
   if(type == "sync")
     {
      g_lastDeal = (ulong)StringToInteger(JGet(keys, vals, "after_ticket"));
      g_histFrom = 0;
      // An older agent says nothing of orders: they are then all sent (it ignores them).
      g_ordersSince = JHas(keys, "orders_since_msc") ? StringToInteger(JGet(keys, vals, "orders_since_msc")) : 0;
      ArrayFree(g_sentAtSince);
      g_synced = true;
      g_tradeDirty = true;
      return;
     }
   if(type == "command")
     {
      HandleCommand(keys, vals);
      return;
     }
   if(type == "error")
     {
      Print("VortexBridge: the agent refused this EA: ", JGet(keys, vals, "error"));
      Disconnect("refused");
      return;
     }
  }

void HandleCommand(string &keys[], string &vals[])
  {
   string id = JGet(keys, vals, "command_id");
   string kind = JGet(keys, vals, "kind");
   if(kind == "place_order")
      PlaceOrder(id, keys, vals);
   else
      if(kind == "modify_order")
         ModifyOrder(id, keys, vals);
      else
         if(kind == "cancel_order")
            CancelOrder(id, keys, vals);
         else
            if(kind == "close_position")
               ClosePosition(id, keys, vals);
            else
               if(kind == "subscribe_bars")
                  SubscribeBars(id, keys, vals);
               else
                  ReplyError(id, "bad_command", "unknown kind " + kind);
  }

//+------------------------------------------------------------------+
//| Commands                                                          |
//+------------------------------------------------------------------+
double NormalizePrice(const string symbol, const double price)
  {
   return NormalizeDouble(price, (int)SymbolInfoInteger(symbol, SYMBOL_DIGITS));
  }

void PlaceOrder(const string id, string &keys[], string &vals[])
  {
   string symbol = JGet(keys, vals, "symbol");
   string side = JGet(keys, vals, "side");
   string otype = JGet(keys, vals, "order_type");
   double volume = StringToDouble(JGet(keys, vals, "volume"));
   double price = NormalizePrice(symbol, StringToDouble(JGet(keys, vals, "price")));
   double sl = NormalizePrice(symbol, StringToDouble(JGet(keys, vals, "sl")));
   double tp = NormalizePrice(symbol, StringToDouble(JGet(keys, vals, "tp")));
   string comment = JGet(keys, vals, "comment");
   if(!SymbolSelect(symbol, true))
     {
      ReplyError(id, "unknown_symbol", symbol);
      return;
     }
   g_trade.SetExpertMagicNumber((ulong)StringToInteger(JGet(keys, vals, "magic")));
   g_trade.SetTypeFillingBySymbol(symbol);
   bool buy = side == "buy";
   if(otype == "market")
     {
      if(buy)
         g_trade.Buy(volume, symbol, 0.0, sl, tp, comment);
      else
         g_trade.Sell(volume, symbol, 0.0, sl, tp, comment);
     }
   else
      if(otype == "limit")
        {
         if(buy)
            g_trade.BuyLimit(volume, price, symbol, sl, tp, ORDER_TIME_GTC, 0, comment);
         else
            g_trade.SellLimit(volume, price, symbol, sl, tp, ORDER_TIME_GTC, 0, comment);
        }
      else
         if(otype == "stop")
           {
            if(buy)
               g_trade.BuyStop(volume, price, symbol, sl, tp, ORDER_TIME_GTC, 0, comment);
            else
               g_trade.SellStop(volume, price, symbol, sl, tp, ORDER_TIME_GTC, 0, comment);
           }
         else
           {
            ReplyError(id, "bad_command", "unknown order_type " + otype);
            return;
           }
   ReplyTrade(id);
  }

// A pending order changes price/SL/TP (TRADE_ACTION_MODIFY); a position only SL/TP (SLTP).
void ModifyOrder(const string id, string &keys[], string &vals[])
  {
   ulong ticket = (ulong)StringToInteger(JGet(keys, vals, "ticket"));
   if(OrderSelect(ticket))
     {
      string symbol = OrderGetString(ORDER_SYMBOL);
      double price = JHas(keys, "price") ? StringToDouble(JGet(keys, vals, "price")) : OrderGetDouble(ORDER_PRICE_OPEN);
      double sl = JHas(keys, "sl") ? StringToDouble(JGet(keys, vals, "sl")) : OrderGetDouble(ORDER_SL);
      double tp = JHas(keys, "tp") ? StringToDouble(JGet(keys, vals, "tp")) : OrderGetDouble(ORDER_TP);
      ENUM_ORDER_TYPE_TIME ttime = (ENUM_ORDER_TYPE_TIME)OrderGetInteger(ORDER_TYPE_TIME);
      datetime expiration = (datetime)OrderGetInteger(ORDER_TIME_EXPIRATION);
      g_trade.OrderModify(ticket, NormalizePrice(symbol, price), NormalizePrice(symbol, sl),
                          NormalizePrice(symbol, tp), ttime, expiration);
      ReplyTrade(id);
      return;
     }
   if(PositionSelectByTicket(ticket))
     {
      if(JHas(keys, "price"))
        {
         ReplyError(id, "bad_command", "a position has no price to modify");
         return;
        }
      string symbol = PositionGetString(POSITION_SYMBOL);
      double sl = JHas(keys, "sl") ? StringToDouble(JGet(keys, vals, "sl")) : PositionGetDouble(POSITION_SL);
      double tp = JHas(keys, "tp") ? StringToDouble(JGet(keys, vals, "tp")) : PositionGetDouble(POSITION_TP);
      g_trade.PositionModify(ticket, NormalizePrice(symbol, sl), NormalizePrice(symbol, tp));
      ReplyTrade(id);
      return;
     }
   ReplyError(id, "not_found", "");
  }

void CancelOrder(const string id, string &keys[], string &vals[])
  {
   ulong ticket = (ulong)StringToInteger(JGet(keys, vals, "ticket"));
   if(!OrderSelect(ticket))
     {
      ReplyError(id, "not_found", "");
      return;
     }
   g_trade.OrderDelete(ticket);
   ReplyTrade(id);
  }

void ClosePosition(const string id, string &keys[], string &vals[])
  {
   ulong ticket = (ulong)StringToInteger(JGet(keys, vals, "ticket"));
   if(!PositionSelectByTicket(ticket))
     {
      ReplyError(id, "not_found", "");
      return;
     }
   string symbol = PositionGetString(POSITION_SYMBOL);
   g_trade.SetExpertMagicNumber((ulong)PositionGetInteger(POSITION_MAGIC));
   g_trade.SetTypeFillingBySymbol(symbol);
   if(JHas(keys, "volume"))
      g_trade.PositionClosePartial(ticket, StringToDouble(JGet(keys, vals, "volume")), InpDeviation);
   else
      g_trade.PositionClose(ticket, InpDeviation);
   ReplyTrade(id);
  }

bool TimeframeOf(const string name, ENUM_TIMEFRAMES &tf)
  {
   if(name == "M1")
      tf = PERIOD_M1;
   else
      if(name == "M5")
         tf = PERIOD_M5;
      else
         if(name == "M15")
            tf = PERIOD_M15;
         else
            if(name == "H1")
               tf = PERIOD_H1;
            else
               return false;
   return true;
  }

// Subscribing again restarts the feed from its history: the agent asked for it.
void SubscribeBars(const string id, string &keys[], string &vals[])
  {
   string symbol = JGet(keys, vals, "symbol");
   string tfName = JGet(keys, vals, "timeframe");
   ENUM_TIMEFRAMES tf;
   if(!TimeframeOf(tfName, tf))
     {
      ReplyError(id, "bad_command", "unknown timeframe " + tfName);
      return;
     }
   if(!SymbolSelect(symbol, true))
     {
      ReplyError(id, "unknown_symbol", symbol);
      return;
     }
   int n = ArraySize(g_subSymbol);
   int at = n;
   for(int i = 0; i < n; i++)
      if(g_subSymbol[i] == symbol && g_subTfName[i] == tfName)
         at = i;
   if(at == n)
     {
      if(n >= MAX_SUBSCRIPTIONS)
        {
         ReplyError(id, "bad_command", "too many subscriptions");
         return;
        }
      ArrayResize(g_subSymbol, n + 1);
      ArrayResize(g_subTfName, n + 1);
      ArrayResize(g_subTf, n + 1);
      ArrayResize(g_subLast, n + 1);
      g_subSymbol[at] = symbol;
      g_subTfName[at] = tfName;
      g_subTf[at] = tf;
     }
   g_subLast[at] = 0;
   SendLine("{\"type\":\"command_result\",\"command_id\":\"" + JsonEscape(id) + "\",\"ok\":true,\"message\":\"\"}");
  }

void ReplyTrade(const string id)
  {
   uint retcode = g_trade.ResultRetcode();
   if(retcode == 0)
     {
      // The request never reached the server (e.g. a local check failed without a retcode).
      ReplyError(id, "terminal_error", "error " + IntegerToString(GetLastError()));
      return;
     }
   bool ok = retcode == TRADE_RETCODE_DONE || retcode == TRADE_RETCODE_PLACED || retcode == TRADE_RETCODE_DONE_PARTIAL;
   string data = "{\"order\":" + IntegerToString((long)g_trade.ResultOrder()) +
                 ",\"deal\":" + IntegerToString((long)g_trade.ResultDeal()) +
                 ",\"price\":" + Num(g_trade.ResultPrice()) +
                 ",\"volume\":" + Num(g_trade.ResultVolume()) + "}";
   SendLine("{\"type\":\"command_result\",\"command_id\":\"" + JsonEscape(id) + "\",\"ok\":" + JBool(ok) +
            ",\"retcode\":" + IntegerToString(retcode) +
            ",\"message\":\"" + JsonEscape(g_trade.ResultRetcodeDescription()) + "\",\"data\":" + data + "}");
   g_tradeDirty = true;
  }

void ReplyError(const string id, const string error, const string detail)
  {
   SendLine("{\"type\":\"command_result\",\"command_id\":\"" + JsonEscape(id) + "\",\"ok\":false,\"error\":\"" +
            error + "\",\"message\":\"" + JsonEscape(detail) + "\"}");
  }

//+------------------------------------------------------------------+
//| Outgoing state                                                    |
//+------------------------------------------------------------------+
void SendHello()
  {
   long marginMode = AccountInfoInteger(ACCOUNT_MARGIN_MODE);
   long tradeMode = AccountInfoInteger(ACCOUNT_TRADE_MODE);
   SendLine("{\"type\":\"hello\",\"protocol\":" + IntegerToString(PROTOCOL_VERSION) +
            ",\"ea_version\":\"" + EA_VERSION + "\"" +
            ",\"account_number\":" + IntegerToString(AccountInfoInteger(ACCOUNT_LOGIN)) +
            ",\"server\":\"" + JsonEscape(AccountInfoString(ACCOUNT_SERVER)) + "\"" +
            ",\"company\":\"" + JsonEscape(AccountInfoString(ACCOUNT_COMPANY)) + "\"" +
            ",\"currency\":\"" + JsonEscape(AccountInfoString(ACCOUNT_CURRENCY)) + "\"" +
            ",\"margin_mode\":\"" + (marginMode == ACCOUNT_MARGIN_MODE_RETAIL_HEDGING ? "hedging" : "netting") + "\"" +
            ",\"trade_mode\":\"" + (tradeMode == ACCOUNT_TRADE_MODE_REAL ? "real" : "demo") + "\"" +
            ",\"terminal_build\":" + IntegerToString(TerminalInfoInteger(TERMINAL_BUILD)) +
            ",\"symbol_digits\":" + SymbolDigitsJson() +
            ",\"symbol_specs\":" + SymbolSpecsJson() + "}");
  }

// SYMBOL_DIGITS of the Market Watch symbols: the statement writes their prices with them.
string SymbolDigitsJson()
  {
   int n = MathMin(SymbolsTotal(true), MAX_DIGITS_SYMBOLS);
   string out = "[";
   for(int i = 0; i < n; i++)
     {
      string symbol = SymbolName(i, true);
      out += (i > 0 ? "," : "") + "{\"symbol\":\"" + JsonEscape(symbol) + "\",\"digits\":" +
             IntegerToString(SymbolInfoInteger(symbol, SYMBOL_DIGITS)) + "}";
     }
   return out + "]";
  }

// The Market Watch symbols' contracts: the bot and the backtest value a point by them. A symbol
// whose tick size or value is still 0 (its data not synchronised yet) is left out.
string SymbolSpecsJson()
  {
   int n = MathMin(SymbolsTotal(true), MAX_SPEC_SYMBOLS);
   string out = "[";
   bool first = true;
   for(int i = 0; i < n; i++)
     {
      string symbol = SymbolName(i, true);
      double tickSize = SymbolInfoDouble(symbol, SYMBOL_TRADE_TICK_SIZE);
      double tickValue = SymbolInfoDouble(symbol, SYMBOL_TRADE_TICK_VALUE);
      if(tickSize <= 0 || tickValue <= 0)
         continue;
      out += (first ? "" : ",") + "{\"symbol\":\"" + JsonEscape(symbol) + "\"" +
             ",\"tick_size\":" + Num(tickSize) +
             ",\"tick_value\":" + Num(tickValue) +
             ",\"contract_size\":" + Num(SymbolInfoDouble(symbol, SYMBOL_TRADE_CONTRACT_SIZE)) +
             ",\"volume_min\":" + Num(SymbolInfoDouble(symbol, SYMBOL_VOLUME_MIN)) +
             ",\"volume_step\":" + Num(SymbolInfoDouble(symbol, SYMBOL_VOLUME_STEP)) +
             ",\"currency_profit\":\"" + JsonEscape(SymbolInfoString(symbol, SYMBOL_CURRENCY_PROFIT)) + "\"" +
             ",\"digits\":" + IntegerToString(SymbolInfoInteger(symbol, SYMBOL_DIGITS)) + "}";
      first = false;
     }
   return out + "]";
  }

void SendHeartbeat()
  {
   bool connected = TerminalInfoInteger(TERMINAL_CONNECTED) != 0;
   bool allowed = TerminalInfoInteger(TERMINAL_TRADE_ALLOWED) != 0 && MQLInfoInteger(MQL_TRADE_ALLOWED) != 0;
   SendLine("{\"type\":\"heartbeat\",\"terminal_connected\":" + JBool(connected) +
            ",\"trade_allowed\":" + JBool(allowed) +
            ",\"time\":" + IntegerToString((long)TimeGMT()) + "}");
  }

// Sends account, positions and orders when they change, and all of them on `full` beats.
void PushState(const bool full)
  {
   string account = AccountJson();
   if(full || account != g_lastAccount)
     {
      if(!SendLine("{\"type\":\"account\",\"account\":" + account + "}"))
         return;
      g_lastAccount = account;
     }
   string positions = PositionsJson();
   if(full || positions != g_lastPositions)
     {
      if(!SendLine("{\"type\":\"positions\",\"positions\":" + positions + "}"))
         return;
      g_lastPositions = positions;
     }
   string orders = OrdersJson();
   if(full || orders != g_lastOrders)
     {
      if(!SendLine("{\"type\":\"orders\",\"orders\":" + orders + "}"))
         return;
      g_lastOrders = orders;
     }
  }

string AccountJson()
  {
   return "{\"balance\":" + Num(AccountInfoDouble(ACCOUNT_BALANCE)) +
          ",\"equity\":" + Num(AccountInfoDouble(ACCOUNT_EQUITY)) +
          ",\"margin\":" + Num(AccountInfoDouble(ACCOUNT_MARGIN)) +
          ",\"free_margin\":" + Num(AccountInfoDouble(ACCOUNT_MARGIN_FREE)) +
          ",\"margin_level\":" + Num(AccountInfoDouble(ACCOUNT_MARGIN_LEVEL)) +
          ",\"profit\":" + Num(AccountInfoDouble(ACCOUNT_PROFIT)) +
          ",\"currency\":\"" + JsonEscape(AccountInfoString(ACCOUNT_CURRENCY)) + "\"}";
  }

string PositionsJson()
  {
   string out = "[";
   int total = PositionsTotal();
   int sent = 0;
   for(int i = 0; i < total && sent < 1000; i++)
     {
      ulong ticket = PositionGetTicket(i);
      if(ticket == 0)
         continue;
      if(sent > 0)
         out += ",";
      out += "{\"ticket\":" + IntegerToString((long)ticket) +
             ",\"symbol\":\"" + JsonEscape(PositionGetString(POSITION_SYMBOL)) + "\"" +
             ",\"type\":" + IntegerToString(PositionGetInteger(POSITION_TYPE)) +
             ",\"volume\":" + Num(PositionGetDouble(POSITION_VOLUME)) +
             ",\"price_open\":" + Num(PositionGetDouble(POSITION_PRICE_OPEN)) +
             ",\"sl\":" + Num(PositionGetDouble(POSITION_SL)) +
             ",\"tp\":" + Num(PositionGetDouble(POSITION_TP)) +
             ",\"price_current\":" + Num(PositionGetDouble(POSITION_PRICE_CURRENT)) +
             ",\"profit\":" + Num(PositionGetDouble(POSITION_PROFIT)) +
             ",\"swap\":" + Num(PositionGetDouble(POSITION_SWAP)) +
             ",\"magic\":" + IntegerToString(PositionGetInteger(POSITION_MAGIC)) +
             ",\"time\":" + IntegerToString(PositionGetInteger(POSITION_TIME)) +
             ",\"time_msc\":" + IntegerToString(PositionGetInteger(POSITION_TIME_MSC)) +
             ",\"comment\":\"" + JsonEscape(PositionGetString(POSITION_COMMENT)) + "\"}";
      sent++;
     }
   return out + "]";
  }

string OrdersJson()
  {
   string out = "[";
   int total = OrdersTotal();
   int sent = 0;
   for(int i = 0; i < total && sent < 1000; i++)
     {
      ulong ticket = OrderGetTicket(i);
      if(ticket == 0)
         continue;
      if(sent > 0)
         out += ",";
      out += "{\"order\":" + IntegerToString((long)ticket) +
             ",\"symbol\":\"" + JsonEscape(OrderGetString(ORDER_SYMBOL)) + "\"" +
             ",\"type\":" + IntegerToString(OrderGetInteger(ORDER_TYPE)) +
             ",\"volume_initial\":" + Num(OrderGetDouble(ORDER_VOLUME_INITIAL)) +
             ",\"price_open\":" + Num(OrderGetDouble(ORDER_PRICE_OPEN)) +
             ",\"sl\":" + Num(OrderGetDouble(ORDER_SL)) +
             ",\"tp\":" + Num(OrderGetDouble(ORDER_TP)) +
             ",\"magic\":" + IntegerToString(OrderGetInteger(ORDER_MAGIC)) +
             ",\"time_setup\":" + IntegerToString(OrderGetInteger(ORDER_TIME_SETUP)) +
             ",\"comment\":\"" + JsonEscape(OrderGetString(ORDER_COMMENT)) + "\"}";
      sent++;
     }
   return out + "]";
  }

string DealJson(const ulong ticket)
  {
   return "{\"ticket\":" + IntegerToString((long)ticket) +
          ",\"order\":" + IntegerToString(HistoryDealGetInteger(ticket, DEAL_ORDER)) +
          ",\"position_id\":" + IntegerToString(HistoryDealGetInteger(ticket, DEAL_POSITION_ID)) +
          ",\"symbol\":\"" + JsonEscape(HistoryDealGetString(ticket, DEAL_SYMBOL)) + "\"" +
          ",\"type\":" + IntegerToString(HistoryDealGetInteger(ticket, DEAL_TYPE)) +
          ",\"entry\":" + IntegerToString(HistoryDealGetInteger(ticket, DEAL_ENTRY)) +
          ",\"volume\":" + Num(HistoryDealGetDouble(ticket, DEAL_VOLUME)) +
          ",\"price\":" + Num(HistoryDealGetDouble(ticket, DEAL_PRICE)) +
          ",\"profit\":" + Num(HistoryDealGetDouble(ticket, DEAL_PROFIT)) +
          ",\"commission\":" + Num(HistoryDealGetDouble(ticket, DEAL_COMMISSION)) +
          ",\"fee\":" + Num(HistoryDealGetDouble(ticket, DEAL_FEE)) +
          ",\"swap\":" + Num(HistoryDealGetDouble(ticket, DEAL_SWAP)) +
          ",\"magic\":" + IntegerToString(HistoryDealGetInteger(ticket, DEAL_MAGIC)) +
          ",\"reason\":" + IntegerToString(HistoryDealGetInteger(ticket, DEAL_REASON)) +
          ",\"comment\":\"" + JsonEscape(HistoryDealGetString(ticket, DEAL_COMMENT)) + "\"" +
          ",\"time\":" + IntegerToString(HistoryDealGetInteger(ticket, DEAL_TIME)) +
          ",\"time_msc\":" + IntegerToString(HistoryDealGetInteger(ticket, DEAL_TIME_MSC)) + "}";
  }

// Deals with tickets above g_lastDeal, in ticket order, DEALS_PER_LINE per line. Every deal is
// sent: balance, credit and other operations (DEAL_TYPE 2 and above) with their empty symbol,
// position 0 and the amount as profit, so deposits and withdrawals reach the server too.
void PushDeals()
  {
   if(!HistorySelect(g_histFrom, TimeCurrent() + 86400))
      return;
   int total = HistoryDealsTotal();
   ulong fresh[];
   int count = 0;
   for(int i = 0; i < total; i++)
     {
      ulong ticket = HistoryDealGetTicket(i);
      if(ticket <= g_lastDeal)
         continue;
      ArrayResize(fresh, count + 1, 256);
      fresh[count++] = ticket;
     }
   if(count == 0)
      return;
   ArraySort(fresh);
   ulong highest = g_lastDeal;
   datetime newest = g_histFrom;
   string batch = "";
   int inBatch = 0;
   for(int i = 0; i < count; i++)
     {
      ulong ticket = fresh[i];
      batch += (inBatch > 0 ? "," : "") + DealJson(ticket);
      inBatch++;
      highest = ticket;
      datetime t = (datetime)HistoryDealGetInteger(ticket, DEAL_TIME);
      if(t > newest)
         newest = t;
      if(inBatch == DEALS_PER_LINE || (i == count - 1 && inBatch > 0))
        {
         if(!SendLine("{\"type\":\"deals\",\"deals\":[" + batch + "]}"))
            return;
         batch = "";
         inBatch = 0;
         g_lastDeal = highest;
        }
     }
   g_lastDeal = highest;
   // The next scan starts a little before the newest deal: history is ordered by time.
   g_histFrom = newest > 3600 ? newest - 3600 : 0;
  }

string HistoryOrderJson(const ulong ticket)
  {
   return "{\"ticket\":" + IntegerToString((long)ticket) +
          ",\"symbol\":\"" + JsonEscape(HistoryOrderGetString(ticket, ORDER_SYMBOL)) + "\"" +
          ",\"type\":" + IntegerToString(HistoryOrderGetInteger(ticket, ORDER_TYPE)) +
          ",\"state\":" + IntegerToString(HistoryOrderGetInteger(ticket, ORDER_STATE)) +
          ",\"volume_initial\":" + Num(HistoryOrderGetDouble(ticket, ORDER_VOLUME_INITIAL)) +
          ",\"volume_current\":" + Num(HistoryOrderGetDouble(ticket, ORDER_VOLUME_CURRENT)) +
          ",\"price_open\":" + Num(HistoryOrderGetDouble(ticket, ORDER_PRICE_OPEN)) +
          ",\"sl\":" + Num(HistoryOrderGetDouble(ticket, ORDER_SL)) +
          ",\"tp\":" + Num(HistoryOrderGetDouble(ticket, ORDER_TP)) +
          ",\"price_current\":" + Num(HistoryOrderGetDouble(ticket, ORDER_PRICE_CURRENT)) +
          ",\"time_setup_msc\":" + IntegerToString(HistoryOrderGetInteger(ticket, ORDER_TIME_SETUP_MSC)) +
          ",\"time_done_msc\":" + IntegerToString(HistoryOrderGetInteger(ticket, ORDER_TIME_DONE_MSC)) +
          ",\"magic\":" + IntegerToString(HistoryOrderGetInteger(ticket, ORDER_MAGIC)) +
          ",\"comment\":\"" + JsonEscape(HistoryOrderGetString(ticket, ORDER_COMMENT)) + "\"" +
          ",\"position_id\":" + IntegerToString(HistoryOrderGetInteger(ticket, ORDER_POSITION_ID)) +
          ",\"reason\":" + IntegerToString(HistoryOrderGetInteger(ticket, ORDER_REASON)) + "}";
  }

bool SentAtSince(const ulong ticket)
  {
   for(int i = ArraySize(g_sentAtSince) - 1; i >= 0; i--)
      if(g_sentAtSince[i] == ticket)
         return true;
   return false;
  }

// History orders done at or after g_ordersSince and not sent yet, DEALS_PER_LINE per line. They
// enter the history by done time, not by ticket (a limit placed early may fill late).
void PushHistoryOrders()
  {
   datetime from = (datetime)(g_ordersSince / 1000);
   if(!HistorySelect(from > 0 ? from - 1 : 0, TimeCurrent() + 86400))
      return;
   int total = HistoryOrdersTotal();
   long newest = g_ordersSince;
   ulong atNewest[];
   string batch = "";
   int inBatch = 0;
   for(int i = 0; i < total; i++)
     {
      ulong ticket = HistoryOrderGetTicket(i);
      long done = HistoryOrderGetInteger(ticket, ORDER_TIME_DONE_MSC);
      if(done < g_ordersSince || (done == g_ordersSince && SentAtSince(ticket)))
         continue;
      batch += (inBatch > 0 ? "," : "") + HistoryOrderJson(ticket);
      inBatch++;
      if(done > newest)
        {
         newest = done;
         ArrayFree(atNewest);
        }
      if(done == newest)
        {
         int n = ArraySize(atNewest);
         ArrayResize(atNewest, n + 1, 16);
         atNewest[n] = ticket;
        }
      if(inBatch == DEALS_PER_LINE)
        {
         if(!SendLine("{\"type\":\"history_orders\",\"orders\":[" + batch + "]}"))
            return;
         batch = "";
         inBatch = 0;
        }
     }
   if(inBatch > 0 && !SendLine("{\"type\":\"history_orders\",\"orders\":[" + batch + "]}"))
      return;
   if(newest > g_ordersSince)
     {
      g_ordersSince = newest;
      ArrayFree(g_sentAtSince);
     }
   int kept = ArraySize(g_sentAtSince);
   ArrayResize(g_sentAtSince, kept + ArraySize(atNewest));
   for(int i = 0; i < ArraySize(atNewest); i++)
      g_sentAtSince[kept + i] = atNewest[i];
  }

// For each subscription: the closed bars (shift >= 1) newer than the last one sent.
void PushBars()
  {
   int n = ArraySize(g_subSymbol);
   for(int s = 0; s < n; s++)
     {
      datetime closed = iTime(g_subSymbol[s], g_subTf[s], 1);
      if(closed == 0 || closed <= g_subLast[s])
         continue;
      MqlRates rates[];
      ArraySetAsSeries(rates, false);
      int got = CopyRates(g_subSymbol[s], g_subTf[s], 1, BAR_HISTORY, rates);
      if(got <= 0)
         continue;
      string bars = "";
      int inLine = 0;
      datetime last = g_subLast[s];
      for(int i = 0; i < got; i++)
        {
         if(rates[i].time <= g_subLast[s])
            continue;
         bars += (inLine > 0 ? "," : "") +
                 "{\"time\":" + IntegerToString((long)rates[i].time) +
                 ",\"open\":" + Num(rates[i].open) +
                 ",\"high\":" + Num(rates[i].high) +
                 ",\"low\":" + Num(rates[i].low) +
                 ",\"close\":" + Num(rates[i].close) +
                 ",\"tick_volume\":" + IntegerToString(rates[i].tick_volume) +
                 ",\"volume\":" + IntegerToString(rates[i].real_volume) + "}";
         inLine++;
         if(rates[i].time > last)
            last = rates[i].time;
        }
      if(inLine == 0)
         continue;
      if(!SendLine("{\"type\":\"bars\",\"symbol\":\"" + JsonEscape(g_subSymbol[s]) + "\",\"timeframe\":\"" +
                   g_subTfName[s] + "\",\"bars\":[" + bars + "]}"))
         return;
      g_subLast[s] = last;
     }
  }

//+------------------------------------------------------------------+
//| JSON helpers                                                      |
//+------------------------------------------------------------------+
string JBool(const bool v) { return v ? "true" : "false"; }

// Shortest decimal text with at most 8 decimals; JSON has no NaN or Infinity.
string Num(const double v)
  {
   if(!MathIsValidNumber(v))
      return "0";
   string s = DoubleToString(v, 8);
   int len = StringLen(s);
   while(len > 0 && StringGetCharacter(s, len - 1) == '0')
      len--;
   if(len > 0 && StringGetCharacter(s, len - 1) == '.')
      len--;
   s = StringSubstr(s, 0, len);
   return (s == "" || s == "-0") ? "0" : s;
  }

string JsonEscape(const string s)
  {
   string out = "";
   int n = StringLen(s);
   for(int i = 0; i < n; i++)
     {
      ushort c = StringGetCharacter(s, i);
      if(c == '"')
         out += "\\\"";
      else
         if(c == '\\')
            out += "\\\\";
         else
            if(c == '\n')
               out += "\\n";
            else
               if(c == '\r')
                  out += "\\r";
               else
                  if(c == '\t')
                     out += "\\t";
                  else
                     if(c < 0x20)
                        out += StringFormat("\\u%04x", c);
                     else
                        out += ShortToString(c);
     }
   return out;
  }

int SkipWs(const string s, int i)
  {
   int n = StringLen(s);
   while(i < n)
     {
      ushort c = StringGetCharacter(s, i);
      if(c != ' ' && c != '\t' && c != '\r' && c != '\n')
         break;
      i++;
     }
   return i;
  }

int HexDigit(const ushort c)
  {
   if(c >= '0' && c <= '9')
      return c - '0';
   if(c >= 'a' && c <= 'f')
      return c - 'a' + 10;
   if(c >= 'A' && c <= 'F')
      return c - 'A' + 10;
   return -1;
  }

// Reads the JSON string starting at the quote at i; returns the index after it, or -1.
int ReadString(const string s, int i, string &text)
  {
   int n = StringLen(s);
   text = "";
   i++;
   while(i < n)
     {
      ushort c = StringGetCharacter(s, i);
      if(c == '"')
         return i + 1;
      if(c != '\\')
        {
         text += ShortToString(c);
         i++;
         continue;
        }
      if(i + 1 >= n)
         return -1;
      ushort e = StringGetCharacter(s, i + 1);
      i += 2;
      if(e == 'n')
         text += "\n";
      else
         if(e == 'r')
            text += "\r";
         else
            if(e == 't')
               text += "\t";
            else
               if(e == 'b')
                  text += ShortToString(8);
               else
                  if(e == 'f')
                     text += ShortToString(12);
                  else
                     if(e == 'u')
                       {
                        if(i + 4 > n)
                           return -1;
                        int code = 0;
                        for(int k = 0; k < 4; k++)
                          {
                           int d = HexDigit(StringGetCharacter(s, i + k));
                           if(d < 0)
                              return -1;
                           code = code * 16 + d;
                          }
                        text += ShortToString((ushort)code);
                        i += 4;
                       }
                     else
                        text += ShortToString(e); // \" \\ \/
     }
   return -1;
  }

// Parses one flat JSON object (string, number, true, false, null values) into keys/vals.
// The agent flattens every message it sends, so nested values are refused.
int JsonParseFlat(const string s, string &keys[], string &vals[])
  {
   ArrayResize(keys, 0);
   ArrayResize(vals, 0);
   int n = StringLen(s);
   int i = SkipWs(s, 0);
   if(i >= n || StringGetCharacter(s, i) != '{')
      return -1;
   i++;
   int count = 0;
   while(true)
     {
      i = SkipWs(s, i);
      if(i >= n)
         return -1;
      ushort c = StringGetCharacter(s, i);
      if(c == '}')
         break;
      if(c == ',')
        {
         i++;
         continue;
        }
      if(c != '"')
         return -1;
      string key, val;
      i = ReadString(s, i, key);
      if(i < 0)
         return -1;
      i = SkipWs(s, i);
      if(i >= n || StringGetCharacter(s, i) != ':')
         return -1;
      i = SkipWs(s, i + 1);
      if(i >= n)
         return -1;
      c = StringGetCharacter(s, i);
      if(c == '{' || c == '[')
         return -1;
      if(c == '"')
        {
         i = ReadString(s, i, val);
         if(i < 0)
            return -1;
        }
      else
        {
         int start = i;
         while(i < n)
           {
            ushort d = StringGetCharacter(s, i);
            if(d == ',' || d == '}' || d == ' ' || d == '\t' || d == '\r' || d == '\n')
               break;
            i++;
           }
         val = StringSubstr(s, start, i - start);
        }
      ArrayResize(keys, count + 1);
      ArrayResize(vals, count + 1);
      keys[count] = key;
      vals[count] = val;
      count++;
     }
   return count;
  }

bool JHas(string &keys[], const string key)
  {
   for(int i = ArraySize(keys) - 1; i >= 0; i--)
      if(keys[i] == key)
         return true;
   return false;
  }

string JGet(string &keys[], string &vals[], const string key)
  {
   for(int i = ArraySize(keys) - 1; i >= 0; i--)
      if(keys[i] == key)
         return vals[i];
   return "";
  }
//+------------------------------------------------------------------+
