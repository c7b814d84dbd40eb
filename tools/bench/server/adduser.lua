-- wrk script for POST /hometown/adduser: a valid body with a nickname unique per request (a run tag, the
-- thread's number and a per-thread counter), and a count of the answers by status (503 = the hash queue is full).
-- Usage: wrk -s adduser.lua http://127.0.0.1:PORT/hometown/adduser [-- TAG]

local threads = {}

function setup(thread)
  thread:set("tid", #threads + 1)
  table.insert(threads, thread)
end

function init(args)
  tag = args[1] or tostring(os.time())
  counter = 0
  n200, n400, n503, nother = 0, 0, 0, 0
  headers = { ["Content-Type"] = "application/json" }
end

function request()
  counter = counter + 1
  local body = string.format(
    '{"nickname":"bench_%s_t%d_%d","password":"secret","country":"USA","state":"Minnesota",' ..
    '"city":"Minneapolis","year":2016,"latitude":44.97,"longitude":-93.26}', tag, tid, counter)
  return wrk.format("POST", "/hometown/adduser", headers, body)
end

function response(status, headers, body)
  if status == 200 then n200 = n200 + 1
  elseif status == 400 then n400 = n400 + 1
  elseif status == 503 then n503 = n503 + 1
  else nother = nother + 1 end
end

function done(summary, latency, requests)
  local a, b, c, d = 0, 0, 0, 0
  for _, t in ipairs(threads) do
    a = a + t:get("n200"); b = b + t:get("n400"); c = c + t:get("n503"); d = d + t:get("nother")
  end
  io.write(string.format("STATUS 200=%d 400=%d 503=%d other=%d\n", a, b, c, d))
end
