-- A real client's check of `tdq lsp`: Neovim (0.7 or later, headless) with the configuration
-- users are given (editors/nvim/tdq.lua) opens FILE, waits for the server's diagnostics, asks
-- for hover at LINE:COL (0-based) and prints what came back; then opens FILE2 (when given), a
-- second file of the same root, which must reuse the same client.
-- TDQ=tdq FILE=a.td LINE=3 COL=7 nvim --headless -u NONE -c "luafile editors/nvim/check.lua"
local tdq, file, line, col = os.getenv("TDQ"), os.getenv("FILE"), os.getenv("LINE"), os.getenv("COL")
local here = debug.getinfo(1, "S").source:sub(2):match("(.*/)")
vim.cmd("filetype on")
vim.g.tdq_path = tdq
local diagnostics = {}
local publish = vim.lsp.handlers["textDocument/publishDiagnostics"]
vim.lsp.handlers["textDocument/publishDiagnostics"] = function(err, result, ctx, config)
  if result then
    diagnostics[vim.uri_to_fname(result.uri)] = result.diagnostics
  end
  return publish(err, result, ctx, config)
end
dofile(here .. "tdq.lua")
local function fail(what)
  io.stdout:write(what .. "\n")
  vim.cmd("cquit 1")
end
local function attached(buf)
  local ids = {}
  for id, _ in pairs(vim.lsp.buf_get_clients(buf)) do
    table.insert(ids, id)
  end
  return ids
end

vim.cmd("edit " .. vim.fn.fnameescape(file))
local buf = vim.api.nvim_get_current_buf()
io.stdout:write("filetype: " .. vim.bo[buf].filetype .. "\n")
local name = vim.api.nvim_buf_get_name(buf)
if not vim.wait(120000, function() return diagnostics[name] ~= nil end, 50) then
  fail("no diagnostics")
end
io.stdout:write(string.format("diagnostics: %d\n", #diagnostics[name]))
local params = { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = tonumber(line), character = tonumber(col) } }
local replies = vim.lsp.buf_request_sync(buf, "textDocument/hover", params, 60000) or {}
for _, reply in pairs(replies) do
  if reply.result and reply.result.contents then
    io.stdout:write("hover:\n" .. reply.result.contents.value .. "\n")
  end
end
local first = attached(buf)
local file2 = os.getenv("FILE2")
if file2 then
  vim.cmd("edit " .. vim.fn.fnameescape(file2))
  local buf2 = vim.api.nvim_get_current_buf()
  vim.wait(10000, function() return #attached(buf2) > 0 end, 50)
  local second = attached(buf2)
  io.stdout:write(string.format("clients: %d, %d, the same: %s\n", #first, #second, tostring(first[1] == second[1])))
end
vim.lsp.stop_client(vim.lsp.get_active_clients())
vim.cmd("qall!")
