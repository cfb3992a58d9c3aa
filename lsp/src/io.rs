//! JSON-RPC over a byte stream with LSP's `Content-Length` framing. Reading is ours, not
//! `lsp_server::Message::read`, because that gives up on the first malformed message: here a
//! body that is not JSON is a parse error (-32700) and one that is not a message an invalid
//! request (-32600), answered, and the stream read on.

use lsp_server::{ErrorCode, Message, RequestId, Response, ResponseError};
use std::io::{self, BufRead, Write};

/// What reading one frame gave.
pub enum Frame {
    Message(Message),
    /// A frame that is not a message: the error response to send (its id when it had one).
    Bad(Response),
    /// The stream ended.
    Eof,
}

/// Reads one frame. Header lines other than `Content-Length` are ignored, and so are blank
/// lines between frames. Headers without a length are a parse error; the JSON value after them
/// is read to find where the next frame starts (and to answer a request it holds by its id).
pub fn read(input: &mut impl BufRead) -> io::Result<Frame> {
    let mut length: Option<usize> = None;
    let mut headers = false;
    let mut line = String::new();
    loop {
        line.clear();
        if input.read_line(&mut line)? == 0 {
            return Ok(Frame::Eof);
        }
        let header = line.trim_end_matches(['\r', '\n']);
        if header.is_empty() {
            match (length, headers) {
                (Some(_), _) => break,
                (None, false) => continue,
                (None, true) => return Ok(unframed(input)),
            }
        }
        headers = true;
        if let Some((name, value)) = header.split_once(':') {
            if name.trim().eq_ignore_ascii_case("content-length") {
                length = value.trim().parse().ok();
                if length.is_none() {
                    return Ok(Frame::Bad(error(None, ErrorCode::ParseError, "bad Content-Length header")));
                }
            }
        }
    }
    let len = length.unwrap_or(0);
    if len > (1 << 30) {
        return Ok(Frame::Bad(error(None, ErrorCode::ParseError, "message too large")));
    }
    let mut body = vec![0; len];
    input.read_exact(&mut body)?;
    Ok(parse(&body))
}

/// The body after headers that gave no length: one JSON value read off the stream (which
/// stops at its end, so the next frame is read whole), answered as a parse error.
fn unframed(input: &mut impl BufRead) -> Frame {
    const NO_LENGTH: &str = "no Content-Length header";
    let mut values = serde_json::Deserializer::from_reader(input).into_iter::<serde_json::Value>();
    let id = match values.next() {
        Some(Ok(value)) => value.get("id").and_then(|id| serde_json::from_value::<RequestId>(id.clone()).ok()),
        _ => None,
    };
    Frame::Bad(error(id, ErrorCode::ParseError, NO_LENGTH))
}

/// A frame's body as a message.
pub fn parse(body: &[u8]) -> Frame {
    let value: serde_json::Value = match serde_json::from_slice(body) {
        Ok(v) => v,
        Err(e) => return Frame::Bad(error(None, ErrorCode::ParseError, &format!("not JSON: {e}"))),
    };
    let id = value.get("id").and_then(|id| serde_json::from_value::<RequestId>(id.clone()).ok());
    // An id that is neither a number nor a string: the message would read as a notification.
    if value.get("id").is_some_and(|v| !v.is_null()) && id.is_none() {
        return Frame::Bad(error(None, ErrorCode::InvalidRequest, "an id must be a number or a string"));
    }
    // With neither a method nor a result or error it would read as an empty response.
    if !["method", "result", "error"].iter().any(|k| value.get(k).is_some()) {
        return Frame::Bad(error(id, ErrorCode::InvalidRequest, "not a JSON-RPC message: no method"));
    }
    match serde_json::from_value::<Message>(value) {
        // A request without params is valid JSON-RPC; lsp_server reads them as null.
        Ok(m) => Frame::Message(m),
        Err(e) => Frame::Bad(error(id, ErrorCode::InvalidRequest, &format!("not a JSON-RPC message: {e}"))),
    }
}

/// An error response.
pub fn error(id: Option<RequestId>, code: ErrorCode, message: &str) -> Response {
    Response {
        id: id.unwrap_or_else(|| RequestId::from(String::new())),
        result: None,
        error: Some(ResponseError { code: code as i32, message: message.to_string(), data: None }),
    }
}

/// Writes one message, framed, and flushes. A response to a message without an id carries
/// `"id": null`, and one without an error a `result` (`null` too: a response a worker wrote
/// with `"result": null` reads back as `None`, which `lsp_server` would leave out), as
/// JSON-RPC asks.
pub fn write(out: &mut impl Write, msg: &Message) -> io::Result<()> {
    let mut value = serde_json::to_value(msg)?;
    if let (Message::Response(r), Some(obj)) = (msg, value.as_object_mut()) {
        if r.id == RequestId::from(String::new()) {
            obj.insert("id".into(), serde_json::Value::Null);
        }
        if r.error.is_none() {
            obj.entry("result").or_insert(serde_json::Value::Null);
        }
        obj.insert("jsonrpc".into(), "2.0".into());
    } else if let Some(obj) = value.as_object_mut() {
        obj.insert("jsonrpc".into(), "2.0".into());
    }
    let body = serde_json::to_vec(&value)?;
    write!(out, "Content-Length: {}\r\n\r\n", body.len())?;
    out.write_all(&body)?;
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn body_frame(body: &[u8]) -> Vec<u8> {
        let mut v = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
        v.extend_from_slice(body);
        v
    }

    #[test]
    fn frames() {
        let body = br#"{"jsonrpc":"2.0","id":1,"method":"shutdown"}"#;
        let mut input = format!("Content-Length: {}\r\n\r\n", body.len()).into_bytes();
        input.extend_from_slice(body);
        input.extend_from_slice(b"Content-Length: 3\r\n\r\n{x}");
        input.extend_from_slice(b"Content-Length: 2\r\n\r\n{}");
        // An id that is an object; headers with no length (the body still read past).
        input.extend_from_slice(b"Content-Length: 40\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":{},\"method\":\"x\"}  ");
        input.extend_from_slice(b"\r\nContent-Type: x\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"x\"}");
        input.extend_from_slice(body_frame(br#"{"jsonrpc":"2.0","method":"exit"}"#).as_slice());
        let mut r = io::BufReader::new(&input[..]);
        assert!(matches!(read(&mut r).unwrap(), Frame::Message(Message::Request(q)) if q.method == "shutdown"));
        assert!(
            matches!(read(&mut r).unwrap(), Frame::Bad(e) if e.error.as_ref().unwrap().code == ErrorCode::ParseError as i32)
        );
        assert!(
            matches!(read(&mut r).unwrap(), Frame::Bad(e) if e.error.as_ref().unwrap().code == ErrorCode::InvalidRequest as i32)
        );
        let bad = |f: Frame| match f {
            Frame::Bad(e) => (e.id, e.error.unwrap().code),
            _ => panic!("not an error"),
        };
        assert_eq!(bad(read(&mut r).unwrap()), (RequestId::from(String::new()), ErrorCode::InvalidRequest as i32));
        assert_eq!(bad(read(&mut r).unwrap()), (RequestId::from(9), ErrorCode::ParseError as i32));
        assert!(matches!(read(&mut r).unwrap(), Frame::Message(Message::Notification(n)) if n.method == "exit"));
        assert!(matches!(read(&mut r).unwrap(), Frame::Eof));
        let mut out = Vec::new();
        write(&mut out, &Message::Response(error(None, ErrorCode::ParseError, "x"))).unwrap();
        assert!(String::from_utf8(out).unwrap().contains(r#""id":null"#));
        let mut out = Vec::new();
        let nothing = Response { id: RequestId::from(3), result: None, error: None };
        write(&mut out, &Message::Response(nothing)).unwrap();
        assert!(String::from_utf8(out).unwrap().ends_with(r#"{"id":3,"jsonrpc":"2.0","result":null}"#));
    }
}
